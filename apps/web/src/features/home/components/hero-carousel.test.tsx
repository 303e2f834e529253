import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { HeroCarousel } from './hero-carousel';

const originalMatchMedia = window.matchMedia;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: originalMatchMedia });
});

function preferReducedMotion() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ ...originalMatchMedia(query), matches: query.includes('reduce') }),
  });
}

const currentSlide = () =>
  screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((dot) => dot.hasAttribute('aria-current'));
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const viewport = () => screen.getByRole('region', { name: 'Featured offers' }).firstElementChild as HTMLElement;

async function hoverAndLeave() {
  fireEvent.mouseEnter(viewport());
  await elapse(100);
  fireEvent.mouseLeave(viewport());
}

test('it moves on every 6 seconds, and hovering pauses it only while the pointer is over it', async () => {
  render(<HeroCarousel />);
  await elapse(5900);
  expect(currentSlide()).toBe(0);
  await elapse(100);
  expect(currentSlide()).toBe(1);

  fireEvent.mouseEnter(viewport());
  await elapse(8000);
  expect(currentSlide()).toBe(1);
  fireEvent.mouseLeave(viewport());
  await elapse(6000);
  expect(currentSlide()).toBe(2);
});

test('Pause holds through hover and focus until Play is pressed', async () => {
  render(<HeroCarousel />);
  await elapse(10);
  fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
  await elapse(10);

  await hoverAndLeave();
  fireEvent.focusIn(viewport());
  fireEvent.focusOut(viewport());
  await elapse(8000);
  expect(currentSlide()).toBe(0);

  fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
  await elapse(6000);
  expect(currentSlide()).toBe(1);
});

test('with reduced motion it starts paused and hovering does not start it', async () => {
  preferReducedMotion();
  render(<HeroCarousel />);
  expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();

  await hoverAndLeave();
  await elapse(8000);
  expect(currentSlide()).toBe(0);
});
