import type { ChangeEvent, FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BIO_MAX, DISPLAY_NAME_MAX, SKILLS_MAX } from '../../domain/profileTypes';
import type { ProfileEditErrors } from '../../domain/profileValidation';
import {
  hasErrors,
  normalizeProfileEdit,
  normalizeSkill,
  PHOTO_TYPES,
  validateBio,
  validateNewSkill,
  validatePhoto,
  validateProfileEdit,
} from '../../domain/profileValidation';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { registerUpload } from './pendingUploads';
import type { ProfileView } from './profileViewSlice';
import { photoUploadRequested, saveRequested, selectPhotoUpload, selectProfileSave } from './profileViewSlice';
import { SkillListField } from './SkillListField';

interface ProfileEditFormProps {
  profile: ProfileView;
  onClose: (saved: boolean) => void;
}

const canPreview = () => typeof URL.createObjectURL === 'function';

/**
 * The photo chosen in the editor, kept by the form: the photo's own Upload button sends it at once,
 * and Save profile sends it too if it is still waiting, so a chosen photo is never dropped by a save.
 */
function usePhotoChoice() {
  const dispatch = useAppDispatch();
  const upload = useAppSelector(selectPhotoUpload);
  const inputRef = useRef<HTMLInputElement>(null);
  // The chosen File stays in component state; only an upload id ever reaches Redux.
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState<File | null>(null);
  const [previewURL, setPreviewURL] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (previewURL) URL.revokeObjectURL(previewURL);
    },
    [previewURL],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const problem = validatePhoto(chosen);
    if (problem) {
      // Nothing changes: the previous choice (if any) stays, the bad file is forgotten.
      setError(problem);
      event.target.value = '';
      return;
    }
    setError(null);
    setFile(chosen);
    setPreviewURL(canPreview() ? URL.createObjectURL(chosen) : null);
  };

  const discard = () => {
    setFile(null);
    setPreviewURL(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const uploading = upload.status === 'pending';
  // Once the chosen file is uploaded, the avatar (now showing it from the profile) replaces the preview.
  const uploadedChoice = upload.status === 'succeeded' && submitted === file;
  const pendingFile = uploadedChoice ? null : file;

  /** Sends the waiting photo, unless it is on its way already. */
  const send = () => {
    if (!pendingFile || (uploading && submitted === pendingFile)) return;
    setSubmitted(pendingFile);
    dispatch(photoUploadRequested({ uploadId: registerUpload(pendingFile) }));
  };

  return {
    inputRef,
    choose,
    discard,
    send,
    file,
    uploading,
    uploadedChoice,
    pendingFile,
    /** The chosen photo was sent and refused. */
    refused: upload.status === 'failed' && submitted !== null && submitted === file,
    shownPreview: pendingFile ? previewURL : null,
    shownError: error ?? (upload.status === 'failed' && submitted === file ? upload.error : null),
  };
}

type PhotoChoice = ReturnType<typeof usePhotoChoice>;

function PhotoField({ profile, photo }: { profile: ProfileView; photo: PhotoChoice }) {
  const inputId = useId();
  const { inputRef, choose, discard, send, file, uploading, uploadedChoice, pendingFile, shownPreview, shownError } =
    photo;
  const errorId = `${inputId}-error`;

  return (
    <fieldset className="profile-editor__photo">
      <legend>Photo</legend>
      <div className="profile-editor__photo-row">
        {shownPreview ? (
          <img className="avatar" src={shownPreview} alt="Preview of your new photo" width={80} height={80} />
        ) : (
          <Avatar name={profile.displayName} photoURL={profile.photoURL} size={80} />
        )}
        <div className={shownError ? 'field field--invalid' : 'field'}>
          <label htmlFor={inputId}>Profile photo</label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            onChange={choose}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${inputId}-hint${shownError ? ` ${errorId}` : ''}`}
          />
          <p id={`${inputId}-hint`} className="field__hint">
            PNG, JPEG, WebP or GIF, up to 2 MB.
          </p>
          {shownError && (
            <p id={errorId} className="field__error" role="alert">
              {shownError}
            </p>
          )}
        </div>
      </div>
      {pendingFile && (
        <div className="profile-editor__row">
          <Button busy={uploading} onClick={send}>
            {uploading ? 'Uploading photo…' : 'Upload photo'}
          </Button>
          <button type="button" className="button button--ghost" onClick={discard} disabled={uploading}>
            Discard photo
          </button>
        </div>
      )}
      {uploadedChoice && file && <Alert tone="success">Your photo was updated.</Alert>}
    </fieldset>
  );
}

export function ProfileEditForm({ profile, onClose }: ProfileEditFormProps) {
  const dispatch = useAppDispatch();
  const save = useAppSelector(selectProfileSave);
  const photo = usePhotoChoice();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [skills, setSkills] = useState<string[]>(profile.skills);
  const [errors, setErrors] = useState<ProfileEditErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const bioRef = useRef<HTMLTextAreaElement>(null);
  const skillInputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  // What the last Save sent, and the form as it is now: a save that succeeds closes the editor only
  // if nothing was typed since; otherwise the newer text stays on screen, unsaved, to be saved next.
  const [sent, setSent] = useState<string | null>(null);
  const current = JSON.stringify(normalizeProfileEdit({ displayName, bio, skills }));
  const typedSince = save.status === 'succeeded' && sent !== null && sent !== current;
  // Save closes the editor once everything it sent is done. A chosen photo still waiting keeps it
  // open; a refused one keeps it open until the next Save (discarding the photo does not close it).
  const photoWaiting = photo.pendingFile !== null;
  const [closeWhenSaved, setCloseWhenSaved] = useState(false);
  // Noted while rendering (not in an effect), so no render closes the editor in between.
  if (closeWhenSaved && photo.refused) setCloseWhenSaved(false);
  useEffect(() => {
    if (closeWhenSaved && save.status === 'succeeded' && !typedSince && !photoWaiting) onClose(true);
  }, [closeWhenSaved, save.status, typedSince, photoWaiting, onClose]);

  const bioError = validateBio(bio) ?? errors.bio ?? null;
  const showError = (field: keyof ProfileEditErrors, error: string | undefined) =>
    setErrors((current) => ({ ...current, [field]: error }));
  /** A text field's change: the new text, and its error cleared until the next Save checks it. */
  const edited =
    (setText: (text: string) => void, field: keyof ProfileEditErrors) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setText(event.target.value);
      showError(field, undefined);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const edit = normalizeProfileEdit({ displayName, bio, skills });
    const found = validateProfileEdit(edit);
    setErrors(found);
    if (hasErrors(found)) {
      const firstInvalid = found.displayName ? nameRef : found.bio ? bioRef : skillInputRef;
      firstInvalid.current?.focus();
      return;
    }
    setSent(JSON.stringify(edit));
    setCloseWhenSaved(true);
    photo.send();
    dispatch(saveRequested(edit));
  };

  const saving = save.status === 'pending' || photo.uploading;

  return (
    <section id="profile-editor" className="card profile-editor" aria-labelledby="profile-editor-title">
      <h2 id="profile-editor-title">Edit profile</h2>
      <PhotoField profile={profile} photo={photo} />
      <form className="form" onSubmit={submit} noValidate>
        {save.status === 'failed' && save.error && <Alert tone="error">{save.error}</Alert>}
        {typedSince && (
          <Alert tone="success">Your profile was saved. The changes you made since are not saved yet.</Alert>
        )}

        <TextField
          inputRef={nameRef}
          label="Display name"
          name="displayName"
          autoComplete="nickname"
          value={displayName}
          onChange={edited(setDisplayName, 'displayName')}
          hint={`1 to ${DISPLAY_NAME_MAX} characters.`}
          error={errors.displayName}
        />

        <TextField
          multiline
          inputRef={bioRef}
          label="Bio"
          name="bio"
          rows={5}
          value={bio}
          onChange={edited(setBio, 'bio')}
          charLimit={BIO_MAX}
          error={bioError}
        />

        <SkillListField
          legend="Skills"
          items={skills}
          onChange={setSkills}
          max={SKILLS_MAX}
          addLabel="Add a skill"
          itemsLabel="Your skills"
          placeholder="e.g. TypeScript"
          hint={`Pick a suggestion or type your own; up to ${SKILLS_MAX} skills of 30 characters or fewer.`}
          error={errors.skills}
          onErrorChange={(skillsError) => showError('skills', skillsError)}
          normalize={normalizeSkill}
          validate={validateNewSkill}
          inputRef={skillInputRef}
          className="profile-editor__skills"
          rowClassName="profile-editor__row"
          focusOnInvalid
          announceError
        />

        <div className="profile-editor__row">
          <Button type="submit" busy={saving}>
            {saving ? 'Saving…' : 'Save profile'}
          </Button>
          {/* What the last Save wrote stays saved: Cancel says so if nothing was typed since. */}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onClose(save.status === 'succeeded' && !typedSince)}
            disabled={saving}
          >
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
