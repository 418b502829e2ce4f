import CaretRightOutlined from '@ant-design/icons-svg/es/asn/CaretRightOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import PauseOutlined from '@ant-design/icons-svg/es/asn/PauseOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { CAROUSEL_TEXT, type Slide } from './showcaseTexts';

/** Spec 1 section 9: the carousel moves on every 4000 ms and is 500 px high (less on a phone). */
export const CAROUSEL_INTERVAL_MS = 4000;
export const CAROUSEL_HEIGHT = 'clamp(220px, 50vw, 500px)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // An engine without :focus-visible: treat every focus as the keyboard's, the safe side.
    return true;
  }
}

const roundButton: CSSProperties = {
  width: 40,
  height: 40,
  borderRadius: '50%',
  border: 'none',
  background: 'rgba(255, 255, 255, 0.85)',
  color: '#8E1E4B',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 16,
  boxShadow: '0 2px 8px rgba(74, 16, 42, 0.2)',
};

function ControlButton({
  label,
  onClick,
  style,
  children,
}: {
  label: string;
  onClick: () => void;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} style={{ ...roundButton, ...style }}>
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
  const [reducedMotion] = useState(prefersReducedMotion);
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
      style={{
        position: 'relative',
        height: CAROUSEL_HEIGHT,
        borderRadius: 20,
        overflow: 'hidden',
        background: '#FCE4EC',
        marginTop: 24,
      }}
    >
      <div aria-live={running ? 'off' : 'polite'} style={{ position: 'absolute', inset: 0 }}>
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
              style={{
                position: 'absolute',
                inset: 0,
                opacity: isActive ? 1 : 0,
                transition: reducedMotion ? 'none' : 'opacity 700ms ease',
              }}
            >
              <img
                src={slide.image}
                alt={slide.alt}
                width={1200}
                height={500}
                loading={index === 0 ? 'eager' : 'lazy'}
                // The first picture is the largest thing on the page: fetch it before the rest.
                fetchPriority={index === 0 ? 'high' : 'auto'}
                style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              <div
                style={{
                  position: 'absolute',
                  inset: 0,
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'center',
                  // Clear of the 40 px arrows at either side.
                  padding: '0 clamp(60px, 7vw, 84px) 28px',
                  background:
                    'linear-gradient(90deg, rgba(74, 16, 42, 0.78) 0%, rgba(74, 16, 42, 0.5) 40%, rgba(74, 16, 42, 0) 68%)',
                  color: '#FFFFFF',
                }}
              >
                <h2
                  style={{
                    margin: 0,
                    color: '#FFFFFF',
                    fontSize: 'clamp(22px, 4.2vw, 44px)',
                    fontWeight: 700,
                    maxWidth: '75%',
                    lineHeight: 1.3,
                  }}
                >
                  {slide.title}
                </h2>
                <p style={{ margin: '10px 0 0', fontSize: 'clamp(14px, 1.8vw, 20px)', maxWidth: '75%' }}>
                  {slide.subtitle}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      <ControlButton
        label={CAROUSEL_TEXT.previous}
        onClick={() => go(active - 1)}
        style={{ position: 'absolute', left: 12, top: '50%', transform: 'translateY(-50%)' }}
      >
        <Icon icon={LeftOutlined} />
      </ControlButton>
      <ControlButton
        label={CAROUSEL_TEXT.next}
        onClick={() => go(active + 1)}
        style={{ position: 'absolute', right: 12, top: '50%', transform: 'translateY(-50%)' }}
      >
        <Icon icon={RightOutlined} />
      </ControlButton>
      <div
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 12,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'center',
          gap: 4,
        }}
      >
        {slides.map((slide, index) => (
          <button
            key={slide.image}
            type="button"
            aria-label={CAROUSEL_TEXT.goTo(index + 1)}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => go(index)}
            style={{
              // A 24 px target around a small dot.
              width: 24,
              height: 24,
              padding: 0,
              border: 'none',
              background: 'transparent',
              cursor: 'pointer',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <span
              aria-hidden
              style={{
                width: index === active ? 22 : 10,
                height: 10,
                borderRadius: 5,
                background: index === active ? '#FFFFFF' : 'rgba(255, 255, 255, 0.6)',
                boxShadow: '0 0 0 1px rgba(74, 16, 42, 0.35)',
                transition: reducedMotion ? 'none' : 'width 300ms ease',
              }}
            />
          </button>
        ))}
        <ControlButton
          label={stopped ? CAROUSEL_TEXT.play : CAROUSEL_TEXT.pause}
          onClick={() => setStopped((value) => !value)}
          style={{ width: 28, height: 28, fontSize: 12, marginInlineStart: 8 }}
        >
          <Icon icon={stopped ? CaretRightOutlined : PauseOutlined} />
        </ControlButton>
      </div>
    </section>
  );
}
