import { Link } from 'react-router-dom';

import { Alert } from '../../ui/Alert';
import { JoinPolicyField } from './JoinPolicyField';
import { TribeAboutFields } from './TribeAboutFields';
import { TribeTopicsField } from './TribeTopicsField';
import { useCreateTribeForm } from './useCreateTribeForm';

export default function CreateTribePage() {
  const form = useCreateTribeForm();
  const { create, createdId, creating, errors, input } = form;

  return (
    <section className="create-tribe" aria-labelledby="create-tribe-title">
      <header className="page-header">
        <h1 id="create-tribe-title">Create a tribe</h1>
        <p>Start a community around a topic you care about. You will be its owner.</p>
      </header>
      <form className="form card create-tribe__form" onSubmit={form.submit} noValidate>
        {create.status === 'failed' && create.message && !create.fieldErrors.name && (
          <Alert tone="error">{create.message}</Alert>
        )}
        {form.typedSince && createdId && (
          <Alert tone="success">
            {create.message} <Link to={`/tribes/${encodeURIComponent(createdId)}`}>Open your tribe</Link>
          </Alert>
        )}

        <TribeAboutFields
          input={input}
          errors={errors}
          onChange={form.setText}
          nameRef={form.nameRef}
          taglineRef={form.taglineRef}
          descriptionRef={form.descriptionRef}
        />
        <TribeTopicsField
          items={input.topics}
          onChange={form.setTopics}
          error={errors.topics}
          onErrorChange={form.setTopicsError}
          inputRef={form.topicRef}
        />
        <JoinPolicyField joinPolicy={input.joinPolicy} onChange={form.setJoinPolicy} error={errors.joinPolicy} />

        <div className="create-tribe__row">
          <button
            type="submit"
            className="button button--primary"
            disabled={creating}
            aria-busy={creating || undefined}
          >
            {creating ? 'Creating…' : 'Create tribe'}
          </button>
          <Link to="/tribes" className="button button--ghost">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
