import { CAROUSEL } from '@b2b/shared';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CATEGORY_SECTION_ID, HOME_SLIDES } from '../slides';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/*
 * Embla's `duration` is not in milliseconds (it is an easing factor, sensible range 20–60),
 * so the spec's slow 5000 ms slide is approximated with its slowest setting.
 */
const SLOW_SLIDE_DURATION = 60;

export function scrollToCategories() {
  const section = document.getElementById(CATEGORY_SECTION_ID);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Move keyboard focus along with the view, without a second jump.
  section.focus({ preventScroll: true });
}

const CAROUSEL_OPTIONS = { loop: true, duration: SLOW_SLIDE_DURATION };

export function HeroCarousel() {
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  /*
   * The plugin is rebuilt from the user's choice, and Embla re-initialises when its options
   * change. While playing, hover and focus pause it and leaving resumes it; once paused (by
   * the button or by reduced motion) nothing restarts it, since with stopOnInteraction off
   * the plugin would resume on mouseleave, focusout and pointerup.
   */
  const plugins = useMemo(
    () => [
      Autoplay({
        delay: CAROUSEL.autoplayIntervalMs,
        playOnInit: playing,
        stopOnInteraction: !playing,
        stopOnMouseEnter: playing,
        stopOnFocusIn: playing,
      }),
    ],
    [playing],
  );
  const [emblaRef, emblaApi] = useEmblaCarousel(CAROUSEL_OPTIONS, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect);
    return () => {
      emblaApi.off('select', onSelect);
    };
  }, [emblaApi]);

  const goTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  return (
    <section aria-roledescription="carousel" aria-label="Featured offers" className="relative">
      <div ref={emblaRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {HOME_SLIDES.map((slide, index) => (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${HOME_SLIDES.length}`}
              inert={index !== selected}
              className="relative min-w-0 shrink-0 grow-0 basis-full"
            >
              <img
                src={slide.image}
                alt=""
                className="h-[26rem] w-full object-cover object-right sm:h-[28rem] lg:h-[32rem]"
                fetchPriority={index === 0 ? 'high' : 'low'}
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
            </div>
          ))}
        </div>
      </div>

      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
        <div className="flex gap-2 rounded-full bg-neutral/40 px-3 py-2 backdrop-blur-sm">
          {HOME_SLIDES.map((slide, index) => (
            <button
              key={slide.image}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
              className={`h-2.5 rounded-full transition-all ${index === selected ? 'w-7 bg-accent' : 'w-2.5 bg-neutral-content/70 hover:bg-neutral-content'}`}
            />
          ))}
        </div>
        <button
          type="button"
          onClick={() => setPlaying((value) => !value)}
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
