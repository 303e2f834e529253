import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { HeroCarousel } from './hero-carousel';

const originalMatchMedia = window.matchMedia;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: originalMatchMedia });
  // Back to jsdom's own getter on Document.prototype.
  Reflect.deleteProperty(document, 'hidden');
});

function preferReducedMotion() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ ...originalMatchMedia(query), matches: query.includes('reduce') }),
  });
}

function setDocumentHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, value: hidden });
  fireEvent(document, new Event('visibilitychange'));
}

const dots = () => screen.getAllByRole('button', { name: /Go to slide/ });
const currentDot = () => dots().findIndex((dot) => dot.getAttribute('aria-current') === 'true');
const slides = () => screen.getAllByRole('group', { hidden: true });
const track = () => slides()[0]?.parentElement as HTMLElement;
const viewport = () => screen.getByRole('region', { name: 'Featured offers' }).firstElementChild as HTMLElement;
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Where the track stands: its offset in slides, its transition, and the dot that is current. */
function shown() {
  const { transform, transitionDuration } = track().style;
  const percent = /^translateX\((-?\d+)%\)$/.exec(transform)?.[1];
  const offset = percent === undefined ? transform : -Number(percent) / 100 || 0;
  return { offset, transitionDuration, dot: currentDot() };
}

async function hoverAndLeave() {
  fireEvent.mouseEnter(viewport());
  await elapse(100);
  fireEvent.mouseLeave(viewport());
}

test('it advances one slide every 6000 ms, sliding over exactly 5000 ms', async () => {
  render(<HeroCarousel />);
  expect(shown()).toEqual({ offset: 0, transitionDuration: '0ms', dot: 0 });

  await elapse(5999);
  expect(shown().offset).toBe(0);
  await elapse(1);
  expect(shown()).toEqual({ offset: 1, transitionDuration: '5000ms', dot: 1 });
  expect(track().style.transitionProperty).toBe('transform');
  // Only the slide in view can be reached; the others are inert.
  expect(slides().map((slide) => slide.hasAttribute('inert'))).toEqual([true, false, true]);

  await elapse(6000);
  expect(shown()).toEqual({ offset: 2, transitionDuration: '5000ms', dot: 2 });
});

test('after slide 3 it slides onto a copy of slide 1, then jumps back without a transition', async () => {
  render(<HeroCarousel />);
  const clone = track().lastElementChild as HTMLElement;
  expect(clone).toHaveAttribute('aria-hidden', 'true');
  expect(clone).toHaveAttribute('inert');
  expect(slides()).toHaveLength(3);

  await elapse(18000);
  expect(shown()).toEqual({ offset: 3, transitionDuration: '5000ms', dot: 0 });

  // It stays on the copy until the track's own transition ends, not a button's inside it.
  await elapse(5000);
  fireEvent.transitionEnd(screen.getAllByRole('button', { name: 'Get offer' })[0] as HTMLElement);
  expect(shown().offset).toBe(3);
  fireEvent.transitionEnd(track());
  expect(shown()).toEqual({ offset: 0, transitionDuration: '0ms', dot: 0 });

  await elapse(1000);
  expect(shown()).toEqual({ offset: 1, transitionDuration: '5000ms', dot: 1 });
});

test('a dot jumps to its slide, which then gets a full interval', async () => {
  render(<HeroCarousel />);
  await elapse(3000);
  fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
  expect(shown()).toEqual({ offset: 2, transitionDuration: '5000ms', dot: 2 });
  expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');

  await elapse(5999);
  expect(shown().offset).toBe(2);
  await elapse(1);
  expect(shown()).toEqual({ offset: 3, transitionDuration: '5000ms', dot: 0 });

  fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
  expect(shown()).toEqual({ offset: 1, transitionDuration: '5000ms', dot: 1 });
});

test('hovering or focusing the slides holds autoplay only while it lasts', async () => {
  render(<HeroCarousel />);
  await elapse(6000);
  expect(currentDot()).toBe(1);

  fireEvent.mouseEnter(viewport());
  await elapse(8000);
  expect(currentDot()).toBe(1);
  fireEvent.mouseLeave(viewport());
  await elapse(6000);
  expect(currentDot()).toBe(2);

  fireEvent.focusIn(viewport());
  await elapse(8000);
  expect(currentDot()).toBe(2);
  fireEvent.focusOut(viewport());
  await elapse(6000);
  expect(currentDot()).toBe(0);
});

test('Pause holds through hover and focus until Play is pressed', async () => {
  render(<HeroCarousel />);
  await elapse(10);
  fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
  await elapse(10);

  await hoverAndLeave();
  fireEvent.focusIn(viewport());
  fireEvent.focusOut(viewport());
  await elapse(20000);
  expect(currentDot()).toBe(0);

  fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
  await elapse(6000);
  expect(currentDot()).toBe(1);
});

test('with reduced motion it never autoplays and moves without animation', async () => {
  preferReducedMotion();
  render(<HeroCarousel />);
  expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();

  await hoverAndLeave();
  fireEvent.focusIn(viewport());
  fireEvent.focusOut(viewport());
  await elapse(30000);
  expect(shown()).toEqual({ offset: 0, transitionDuration: '0ms', dot: 0 });

  fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
  expect(shown()).toEqual({ offset: 1, transitionDuration: '0ms', dot: 1 });
});

test('it waits while the page is hidden, and stops its timer when unmounted', async () => {
  const { unmount } = render(<HeroCarousel />);
  setDocumentHidden(true);
  await elapse(20000);
  expect(currentDot()).toBe(0);

  setDocumentHidden(false);
  await elapse(6000);
  expect(currentDot()).toBe(1);

  expect(vi.getTimerCount()).toBeGreaterThan(0);
  unmount();
  expect(vi.getTimerCount()).toBe(0);
});
