import { cx } from '../../../lib/classNames';
import section from './Section.module.css';
import { TESTIMONIALS_TEXT, type Testimonial } from './showcaseTexts';
import styles from './Testimonials.module.css';

/** Spec 1 section 2: four fixed testimonials. */
export function Testimonials({ items = TESTIMONIALS_TEXT.items }: { items?: readonly Testimonial[] }) {
  return (
    <section aria-labelledby="home-testimonials" className={section.section}>
      <h2 id="home-testimonials" className={section.title}>
        {TESTIMONIALS_TEXT.title}
      </h2>
      <ul aria-label={TESTIMONIALS_TEXT.listLabel} className={styles.grid}>
        {items.map((item) => (
          <li key={item.name} className={styles.item}>
            <figure className={cx(section.tile, styles.card)}>
              <blockquote className={styles.quote}>
                <span aria-hidden className={styles.mark}>
                  “
                </span>
                {item.quote}
              </blockquote>
              <figcaption className={styles.caption}>
                <span aria-hidden className={styles.avatar}>
                  {item.name.slice(0, 1)}
                </span>
                <span>
                  <strong className={styles.name}>{item.name}</strong>
                  <span className={styles.detail}>{item.detail}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
