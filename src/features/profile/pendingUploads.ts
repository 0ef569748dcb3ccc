// A photo chosen in the editor waits here, keyed by an id, until the upload saga takes it:
// a File is not serializable, so only the id travels in the `profileView/photoUploadRequested` action.
// A photo is registered only when its upload is dispatched, and the upload's first step takes it
// (whatever happens next), so nothing waits here for a discard; sign-out clears what is queued.
const pending = new Map<string, Blob>();
let nextId = 1;

export function registerUpload(file: Blob): string {
  const id = `upload-${nextId++}`;
  pending.set(id, file);
  return id;
}

/** Returns the file once and forgets it, so a chosen photo never lingers in memory. */
export function takeUpload(id: string): Blob | undefined {
  const file = pending.get(id);
  pending.delete(id);
  return file;
}

/** Sign-out: a photo chosen but not yet uploaded must not wait in memory for the next user. */
export function discardAllUploads(): void {
  pending.clear();
}
