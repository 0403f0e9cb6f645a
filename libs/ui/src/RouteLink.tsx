import { forwardRef, type MouseEvent } from 'react';
import Link, { type LinkProps } from '@mui/material/Link';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/**
 * The `href` and onClick of an internal link, as react-router's `<Link>` computes them: a plain left
 * click runs the caller's onClick, then navigates in place (history.pushState, which single-spa
 * answers by re-routing the sections); modified clicks (new tab, download) stay the browser's.
 */
function useRouteLink(
  to: string,
  { onClick, target }: { onClick?: (event: MouseEvent<HTMLAnchorElement>) => void; target?: string },
) {
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return {
    href: useHref(to),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented) navigate(event);
    },
  };
}

export type RouteLinkProps = Omit<LinkProps, 'href'> & { href: string };

/**
 * An internal text link that navigates without reloading the page. An onClick that navigates itself
 * (and so prevents the default), e.g. with history state, takes the link's place.
 */
export const RouteLink = forwardRef<HTMLAnchorElement, RouteLinkProps>(function RouteLink(
  { href, onClick, ...props },
  ref,
) {
  return <Link ref={ref} {...props} {...useRouteLink(href, { onClick, target: props.target })} />;
});

export type RouteButtonProps = Omit<ButtonProps<'a'>, 'href'> & { href: string };

/** A button-styled internal link (renders `<a href>`), e.g. 'Explore Platform'. */
export const RouteButton = forwardRef<HTMLAnchorElement, RouteButtonProps>(function RouteButton(
  { href, onClick, ...props },
  ref,
) {
  return <Button ref={ref} {...props} {...useRouteLink(href, { onClick, target: props.target })} />;
});
