// A photo chosen in the editor waits here, keyed by an id, until the upload saga takes it:
// a File is not serializable, so only the id travels in the `profile/photoUploadRequested` action.
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

export function discardUpload(id: string): void {
  pending.delete(id);
}

/** Sign-out: a photo chosen but not yet uploaded must not wait in memory for the next user. */
export function discardAllUploads(): void {
  pending.clear();
}
