/**
 * A card titled "About" holding a description people wrote (a project's, a tribe's), in its own
 * writing direction. `block` names the page's CSS block: `{block}__section`, `{block}__description`.
 */
export function AboutSection({ block, text }: { block: string; text: string }) {
  const headingId = `${block}-about`;
  return (
    <section className={`card ${block}__section`} aria-labelledby={headingId}>
      <h2 id={headingId}>About</h2>
      <p className={`${block}__description`} dir="auto">
        {text}
      </p>
    </section>
  );
}
