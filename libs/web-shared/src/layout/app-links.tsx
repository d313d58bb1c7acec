import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * How the shared layout links inside its app: `linkTo` maps a path to the app's own (the storefront's self-service
 * prefix), and a path `fullLoad` names belongs to the other web app (the presenter's /store/… links) and is a plain
 * link with a full page load instead of a client navigation.
 */
export interface AppLinks {
  linkTo: (path: string) => string;
  fullLoad: (path: string) => boolean;
}

const SAME_APP: AppLinks = { linkTo: (path) => path, fullLoad: () => false };
export const AppLinksContext = createContext<AppLinks>(SAME_APP);
export const useAppLinks = () => useContext(AppLinksContext);

/** A link to a path of the site (mapped by the app's `linkTo`, a full load for the other app's paths). */
export function AppLink({
  to,
  className,
  onClick,
  current,
  children,
}: {
  to: string;
  className?: string;
  onClick?: () => void;
  current?: boolean;
  children: ReactNode;
}) {
  const { linkTo, fullLoad } = useAppLinks();
  const href = linkTo(to);
  if (fullLoad(to))
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    );
  return (
    <Link to={href} className={className} onClick={onClick} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
