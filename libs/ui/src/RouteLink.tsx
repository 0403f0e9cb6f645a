import { forwardRef, type MouseEvent } from 'react';
import Link, { type LinkProps } from '@mui/material/Link';
import Button, { type ButtonProps } from '@mui/material/Button';
import { followLink } from './navigation';

/** Runs the caller's onClick, then navigates client-side unless the browser should handle the click. */
function routeClick(href: string, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    followLink(event, href);
  };
}

export type RouteLinkProps = Omit<LinkProps, 'href'> & { href: string };

/** An internal text link that navigates without reloading the page. */
export const RouteLink = forwardRef<HTMLAnchorElement, RouteLinkProps>(function RouteLink(
  { href, onClick, ...props },
  ref,
) {
  return <Link ref={ref} href={href} onClick={routeClick(href, onClick)} {...props} />;
});

export type RouteButtonProps = Omit<ButtonProps<'a'>, 'href'> & { href: string };

/** A button-styled internal link (renders `<a href>`), e.g. 'Explore Platform'. */
export const RouteButton = forwardRef<HTMLAnchorElement, RouteButtonProps>(function RouteButton(
  { href, onClick, ...props },
  ref,
) {
  return <Button ref={ref} href={href} onClick={routeClick(href, onClick)} {...props} />;
});
