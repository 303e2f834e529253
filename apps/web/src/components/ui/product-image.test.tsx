import { fireEvent, render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ProductImage } from './product-image';

test('no picture, or one that fails to load, shows the one No Image placeholder, named like the picture', () => {
  const { rerender } = render(<ProductImage src="" alt="Desk Lamp" className="size-12" />);
  expect(screen.getByRole('img', { name: 'Desk Lamp' })).toHaveTextContent('No Image');

  rerender(<ProductImage src="https://img.example.com/lamp.png" alt="Desk Lamp" className="size-12" />);
  const picture = screen.getByRole('img', { name: 'Desk Lamp' });
  expect(picture.tagName).toBe('IMG');
  fireEvent.error(picture);
  expect(screen.getByRole('img', { name: 'Desk Lamp' })).toHaveTextContent('No Image');
  expect(screen.getByRole('img', { name: 'Desk Lamp' })).toHaveClass('size-12');
});
