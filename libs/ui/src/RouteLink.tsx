import { forwardRef, type MouseEvent } from 'react';
import Link, { type LinkProps } from '@mui/material/Link';
import Button, { type ButtonProps } from '@mui/material/Button';
import { followLink } from './navigation';

export type RouteLinkProps = Omit<LinkProps, 'href'> & { href: string };

/** An internal text link that navigates without reloading the page. */
export const RouteLink = forwardRef<HTMLAnchorElement, RouteLinkProps>(function RouteLink(
  { href, onClick, ...props },
  ref,
) {
  return (
    <Link
      ref={ref}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        followLink(event, href);
      }}
      {...props}
    />
  );
});

export type RouteButtonProps = Omit<ButtonProps<'a'>, 'href'> & { href: string };

/** A button-styled internal link (renders `<a href>`), e.g. 'Explore Platform'. */
export const RouteButton = forwardRef<HTMLAnchorElement, RouteButtonProps>(function RouteButton(
  { href, onClick, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        followLink(event, href);
      }}
      {...props}
    />
  );
});
