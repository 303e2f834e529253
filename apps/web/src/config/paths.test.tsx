import { screen } from '@testing-library/react';
import { useParams } from 'react-router';
import { expect, test } from 'vitest';
import { renderRoute } from '@/test/render';
import { paths } from './paths';

function EmailParam() {
  const { email } = useParams();
  return <p data-testid="email">{email}</p>;
}

test('a plain email stays readable in the URL, as the spec shows', () => {
  expect(paths.cart('ann@example.com')).toBe('/carts/ann@example.com');
  expect(paths.myProducts('ann@example.com')).toBe('/my-products/ann@example.com');
});

test.each(['a#b@example.com', 'a?b@example.com', 'a%b@example.com', 'a/b@example.com'])(
  '%s survives the trip through the route and back',
  (email) => {
    expect(paths.cart(email).slice('/carts/'.length)).not.toMatch(/[#?/]/);
    expect(paths.myProducts(email).slice('/my-products/'.length)).not.toMatch(/[#?/]/);
    renderRoute(<EmailParam />, { path: '/carts/:email', url: paths.cart(email) });
    expect(screen.getByTestId('email')).toHaveTextContent(email);
  },
);
