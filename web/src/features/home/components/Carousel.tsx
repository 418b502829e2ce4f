import CaretRightOutlined from '@ant-design/icons-svg/es/asn/CaretRightOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import PauseOutlined from '@ant-design/icons-svg/es/asn/PauseOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useEffect, useState, type ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { cx } from '../../../lib/classNames';
import styles from './Carousel.module.css';
import { CAROUSEL_TEXT, type Slide } from './showcaseTexts';

/** Spec 1 section 9: the carousel moves on every 4000 ms (its height is in Carousel.module.css). */
export const CAROUSEL_INTERVAL_MS = 4000;

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // An engine without :focus-visible: treat every focus as the keyboard's, the safe side.
    return true;
  }
}

function ControlButton({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} className={cx(styles.control, className)}>
      {children}
    </button>
  );
}

/**
 * The home page's carousel (WAI-ARIA APG carousel pattern): one slide visible at a time, moving on
 * by itself, with previous/next, a button per slide and a pause button. It holds still while the
 * pointer is over it, and stops when keyboard focus enters it until the play button is pressed,
 * so nobody has to chase a moving target.
 */
export function Carousel({
  slides = CAROUSEL_TEXT.slides,
  intervalMs = CAROUSEL_INTERVAL_MS,
}: {
  slides?: readonly Slide[];
  intervalMs?: number;
}) {
  const [active, setActive] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const running = !stopped && !hovered && slides.length > 1;
  const count = slides.length;

  // Keyed on the active slide, so moving by hand also restarts the wait for the next one.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setActive((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, active, count, intervalMs]);

  const go = (index: number) => setActive((index + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={CAROUSEL_TEXT.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        if (isKeyboardFocus(event.target)) setStopped(true);
      }}
      className={styles.carousel}
    >
      <div aria-live={running ? 'off' : 'polite'} className={styles.slides}>
        {slides.map((slide, index) => {
          const isActive = index === active;
          return (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={CAROUSEL_TEXT.slideLabel(index + 1, count)}
              aria-hidden={!isActive}
              inert={!isActive}
              data-active={isActive}
              className={styles.slide}
            >
              <img
                src={slide.image}
                alt={slide.alt}
                width={1200}
                height={500}
                loading={index === 0 ? 'eager' : 'lazy'}
                // The first picture is the largest thing on the page: fetch it before the rest.
                fetchPriority={index === 0 ? 'high' : 'auto'}
                className={styles.image}
              />
              <div className={styles.caption}>
                <h2 className={styles.title}>{slide.title}</h2>
                <p className={styles.subtitle}>{slide.subtitle}</p>
              </div>
            </div>
          );
        })}
      </div>
      <ControlButton label={CAROUSEL_TEXT.previous} onClick={() => go(active - 1)} className={styles.previous}>
        <Icon icon={LeftOutlined} />
      </ControlButton>
      <ControlButton label={CAROUSEL_TEXT.next} onClick={() => go(active + 1)} className={styles.next}>
        <Icon icon={RightOutlined} />
      </ControlButton>
      <div className={styles.pager}>
        {slides.map((slide, index) => (
          <button
            key={slide.image}
            type="button"
            aria-label={CAROUSEL_TEXT.goTo(index + 1)}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => go(index)}
            className={styles.dotButton}
          >
            <span aria-hidden className={styles.dot} />
          </button>
        ))}
        <ControlButton
          label={stopped ? CAROUSEL_TEXT.play : CAROUSEL_TEXT.pause}
          onClick={() => setStopped((value) => !value)}
          className={styles.pause}
        >
          <Icon icon={stopped ? CaretRightOutlined : PauseOutlined} />
        </ControlButton>
      </div>
    </section>
  );
}
