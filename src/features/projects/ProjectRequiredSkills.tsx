import { textKey } from '../../domain/compareText';
import type { Project } from '../../domain/projectTypes';

/** The skills the project asks for, marked where the viewer lists them too. */
export function ProjectRequiredSkills({
  project,
  viewerSkills,
}: {
  project: Project;
  viewerSkills: readonly string[];
}) {
  const own = new Set(viewerSkills.map(textKey));
  const matched = project.requiredSkills.filter((skill) => own.has(textKey(skill))).length;
  return (
    <section className="card project__section" aria-labelledby="project-skills">
      <h2 id="project-skills">Required skills</h2>
      <p className="muted">
        You have {matched} of {project.requiredSkills.length}.
      </p>
      <ul className="chips" aria-label="Required skills">
        {project.requiredSkills.map((skill) => {
          const has = own.has(textKey(skill));
          return (
            <li key={skill} className={has ? 'chip chip--shared' : 'chip'}>
              {has && <span aria-hidden="true">✓ </span>}
              {skill}
              <span className="visually-hidden">
                {has ? ' (you have this skill)' : ' (you do not list this skill)'}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
