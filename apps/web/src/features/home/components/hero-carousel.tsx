import { CAROUSEL } from '@b2b/shared';
import { type FocusEvent, type TransitionEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { CATEGORY_SECTION_ID, HOME_SLIDES } from '../slides';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const documentHidden = () => document.hidden;
/** The prerendered carousel (and so its hydration): motion allowed, page visible, on slide 1. */
const onServer = () => false;

export function scrollToCategories() {
  const section = document.getElementById(CATEGORY_SECTION_ID);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Move keyboard focus along with the view, without a second jump.
  section.focus({ preventScroll: true });
}

const SLIDE_COUNT = HOME_SLIDES.length;

/*
 * The track holds the slides and, at index SLIDE_COUNT, a copy of the first one. Autoplay
 * slides forward onto the copy, and once that transition has ended the track jumps back to
 * index 0 with no transition: the same picture, so the loop looks endless.
 */
type Position = { index: number; instant: boolean };

function advance({ index }: Position, reducedMotion: boolean): Position {
  // Only reachable if the copy's transitionend was missed: realign without a visible move.
  if (index >= SLIDE_COUNT) return { index: 0, instant: true };
  const next = index + 1;
  // Without animation no transitionend will come, so wrap straight to the first slide.
  if (reducedMotion && next === SLIDE_COUNT) return { index: 0, instant: true };
  return { index: next, instant: false };
}

function SlideContent({
  slide,
  priority,
  warm,
}: {
  slide: (typeof HOME_SLIDES)[number];
  priority: boolean;
  warm: boolean;
}) {
  return (
    <>
      <img
        // The slides out of view get their picture (an SVG document the page must parse) once the
        // carousel warms up, well before the first slide moves; a browser would fetch a lazy one
        // at once, since the slide beside the first one counts as near the screen.
        src={priority || warm ? slide.image : undefined}
        alt=""
        className="h-[26rem] w-full object-cover object-right sm:h-[28rem] lg:h-[32rem]"
        fetchPriority={priority ? 'high' : 'low'}
      />
      <div className="absolute inset-0 bg-linear-to-r from-neutral/90 via-neutral/70 to-neutral/30 lg:from-neutral/85 lg:via-neutral/40 lg:to-neutral/0" />
      <div className="absolute inset-0 mx-auto flex max-w-7xl items-center px-6 sm:px-10">
        <div className="max-w-xl text-neutral-content">
          <p className="mb-4 badge border-0 font-semibold badge-accent">{slide.eyebrow}</p>
          <h2 className="text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl">{slide.title}</h2>
          <p className="mt-4 text-base text-neutral-content/90 sm:text-lg">{slide.text}</p>
          <button type="button" className="btn mt-6 btn-accent btn-lg" onClick={scrollToCategories}>
            Get offer
          </button>
        </div>
      </div>
    </>
  );
}

const SLIDE_CLASS = 'relative min-w-0 shrink-0 grow-0 basis-full';

export function HeroCarousel() {
  const reducedMotion = useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, onServer);
  const hidden = useSyncExternalStore(subscribeToVisibility, documentHidden, onServer);
  // The user's Pause/Play choice; until there is one, reduced motion decides.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = choice === null ? !reducedMotion : choice === 'play';
  // Hover and focus hold a playing carousel; they never start a paused one.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [position, setPosition] = useState<Position>({ index: 0, instant: true });
  // Bumped when the user picks a slide, so that slide gets a full interval.
  const [restarts, setRestarts] = useState(0);
  // The other slides' pictures load half an interval after the page has started, or at once when
  // the visitor reaches for the carousel: in time for the first move either way.
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWarm(true), CAROUSEL.autoplayIntervalMs / 2);
    return () => clearTimeout(timer);
  }, []);
  const running = playing && !hovered && !focused && !hidden;
  const selected = position.index % SLIDE_COUNT;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setPosition((current) => advance(current, reducedMotion)),
      CAROUSEL.autoplayIntervalMs,
    );
    return () => clearInterval(timer);
  }, [running, reducedMotion, restarts]);

  const goTo = (index: number) => {
    setWarm(true);
    // Choosing slide 1 while the copy of it slides in keeps that move instead of rewinding.
    if (index !== selected) setPosition({ index, instant: false });
    setRestarts((count) => count + 1);
  };

  const settle = (event: TransitionEvent<HTMLDivElement>) => {
    // Transitions of the buttons inside the slides bubble up here too.
    if (event.target !== event.currentTarget) return;
    setPosition((current) => (current.index === SLIDE_COUNT ? { index: 0, instant: true } : current));
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const first = HOME_SLIDES[0];

  return (
    <section aria-roledescription="carousel" aria-label="Featured offers" className="relative">
      <div
        className="overflow-hidden"
        onMouseEnter={() => {
          setHovered(true);
          setWarm(true);
        }}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => {
          setFocused(true);
          setWarm(true);
        }}
        onBlur={onBlur}
      >
        <div
          className="flex"
          style={{
            transform: `translateX(${-position.index * 100}%)`,
            transitionProperty: 'transform',
            transitionDuration: position.instant || reducedMotion ? '0ms' : `${CAROUSEL.speedMs}ms`,
            transitionTimingFunction: 'ease-in-out',
          }}
          onTransitionEnd={settle}
          onTransitionCancel={settle}
        >
          {HOME_SLIDES.map((slide, index) => (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${SLIDE_COUNT}`}
              inert={index !== selected}
              className={SLIDE_CLASS}
            >
              <SlideContent slide={slide} priority={index === 0} warm={warm} />
            </div>
          ))}
          <div aria-hidden="true" inert className={SLIDE_CLASS}>
            <SlideContent slide={first} priority={false} warm={warm} />
          </div>
        </div>
      </div>

      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
        {/* Each dot sits in a 24 px button, so it is easy to hit on a phone (WCAG 2.5.8). */}
        <div className="flex rounded-full bg-neutral/40 px-1.5 py-0.5 backdrop-blur-sm">
          {HOME_SLIDES.map((slide, index) => (
            <button
              key={slide.image}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
              className="group flex h-6 min-w-6 items-center justify-center rounded-full px-1"
            >
              <span
                aria-hidden="true"
                className={`h-2.5 rounded-full transition-all ${index === selected ? 'w-7 bg-accent' : 'w-2.5 bg-neutral-content/70 group-hover:bg-neutral-content'}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => setChoice(playing ? 'pause' : 'play')}
          className="btn btn-circle border-0 bg-neutral/40 text-neutral-content backdrop-blur-sm btn-sm hover:bg-neutral/60"
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
        >
          <svg viewBox="0 0 24 24" width={16} height={16} fill="currentColor" aria-hidden="true">
            {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5v14l11-7z" />}
          </svg>
        </button>
      </div>
    </section>
  );
}
