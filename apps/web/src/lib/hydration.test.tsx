import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import { HydrationProvider, useHydrated } from './hydration';

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'this browser' : 'the build'}</p>;
}

test('a prerendered tree hydrates the build frame without a mismatch, then shows this browser', async () => {
  const built: boolean[] = [];
  const html = renderToString(
    <HydrationProvider prerendered>
      <Probe seen={built} />
    </HydrationProvider>,
  );
  expect(html).toContain('the build');
  expect(built).toEqual([false]);

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const mismatch = vi.fn();
  const seen: boolean[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <HydrationProvider prerendered>
        <Probe seen={seen} />
      </HydrationProvider>,
      { onRecoverableError: mismatch },
    );
  });
  expect(await screen.findByText('this browser')).toBeInTheDocument();
  expect(mismatch).not.toHaveBeenCalled();
  // The hydration render drew the build's frame; every render after it, this browser's.
  expect(seen[0]).toBe(false);
  expect(seen.at(-1)).toBe(true);
  expect(seen.indexOf(true)).toBeGreaterThan(0);
  container.remove();
});

test('a tree that was not prerendered shows this browser from its first render', () => {
  const seen: boolean[] = [];
  render(
    <HydrationProvider prerendered={false}>
      <Probe seen={seen} />
    </HydrationProvider>,
  );
  expect(screen.getByText('this browser')).toBeInTheDocument();
  expect(seen.every(Boolean)).toBe(true);
});

test('outside the provider (a component under test) it counts as hydrated', () => {
  const seen: boolean[] = [];
  render(<Probe seen={seen} />);
  expect(seen).toEqual([true]);
});
