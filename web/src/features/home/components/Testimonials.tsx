import { SECTION_TITLE_STYLE } from './sectionTitle';
import { TESTIMONIALS_TEXT, type Testimonial } from './showcaseTexts';

const AVATAR_COLOURS = ['#C2185B', '#7B1FA2', '#AD1457', '#6A1B9A'];

/** Spec 1 section 2: four fixed testimonials. */
export function Testimonials({ items = TESTIMONIALS_TEXT.items }: { items?: readonly Testimonial[] }) {
  return (
    <section aria-labelledby="home-testimonials" style={{ maxWidth: 1120, margin: '48px auto 0' }}>
      <h2 id="home-testimonials" style={SECTION_TITLE_STYLE}>
        {TESTIMONIALS_TEXT.title}
      </h2>
      <ul
        aria-label={TESTIMONIALS_TEXT.listLabel}
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          gap: 20,
        }}
      >
        {items.map((item, index) => (
          <li key={item.name} style={{ display: 'flex' }}>
            <figure
              style={{
                margin: 0,
                flex: 1,
                display: 'flex',
                flexDirection: 'column',
                gap: 16,
                background: '#FFFFFF',
                border: '1px solid #F6E3EA',
                borderRadius: 16,
                padding: 22,
              }}
            >
              <blockquote style={{ margin: 0, flex: 1, color: '#4A3540', lineHeight: 1.8, fontSize: 15 }}>
                <span aria-hidden style={{ color: '#E91E63', fontSize: 28, lineHeight: 0, marginInlineEnd: 4 }}>
                  “
                </span>
                {item.quote}
              </blockquote>
              <figcaption style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                <span
                  aria-hidden
                  style={{
                    display: 'inline-flex',
                    flex: 'none',
                    alignItems: 'center',
                    justifyContent: 'center',
                    width: 32,
                    height: 32,
                    borderRadius: '50%',
                    background: AVATAR_COLOURS[index % AVATAR_COLOURS.length],
                    color: '#FFFFFF',
                  }}
                >
                  {item.name.slice(0, 1)}
                </span>
                <span>
                  <strong style={{ display: 'block' }}>{item.name}</strong>
                  <span style={{ color: '#8c6b78', fontSize: 13 }}>{item.detail}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
