import {
  type AnchorHTMLAttributes,
  Children,
  type CSSProperties,
  createContext,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

// The part of React Router's declarative API this app uses, in ~2 KB instead of React Router's ~15 KB gzip on every
// first load (issue #32: home JavaScript ≤ 105 KB gzip). Pages import it as `@web/lib/router`, so what the unit tests
// render is what ships.
// Same behaviour for what is used: declarative <Routes>/<Route> with layout routes, `:param` and `*` segments ranked
// as React Router ranks them, paths matched decoded and case-insensitively, navigations in a transition, <Link>
// and <NavLink> (aria-current, "active" class), <Navigate>, <Outlet>, useLocation/useNavigate/useParams/useSearchParams.
// docs/decisions/router.md says why, and how to go back to React Router.

type To = string | { pathname?: string; search?: string; hash?: string };
interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}
type Navigate = (to: To | number, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: Navigate;
}
const RouterContext = createContext<RouterValue | null>(null);
const RouteContext = createContext<{ params: Record<string, string>; outlet: ReactNode }>({ params: {}, outlet: null });

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router manquant autour de ce composant.');
  return router;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** `to` as an absolute path with its search and hash, resolved against the current path like a relative URL. */
function resolve(to: To, from: string): string {
  const text = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
  if (EXTERNAL.test(text)) return text;
  const url = new URL(text, `http://localhost${from}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

const locationFromWindow = (): Location => {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
};

/** The browser's history: pushState/replaceState, the back button (popstate), each change rendered in a transition. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(locationFromWindow);
  useEffect(() => {
    const onPopState = () => startTransition(() => setLocation(locationFromWindow()));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback<Navigate>((to, options = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const href = resolve(to, window.location.pathname);
    if (EXTERNAL.test(href)) {
      window.location.assign(href);
      return;
    }
    const state = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
    if (options.replace) window.history.replaceState(state, '', href);
    else window.history.pushState(state, '', href);
    startTransition(() => setLocation(locationFromWindow()));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** A fixed location (the build's prerender); navigating does nothing. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo(() => {
    const url = new URL(location, 'http://localhost');
    const at: Location = { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' };
    return { location: at, navigate: () => {} };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): Navigate => useRouter().navigate;
export const useParams = (): Record<string, string | undefined> => useContext(RouteContext).params;

type SearchInit = URLSearchParams | string | Record<string, string | readonly string[]>;
export function useSearchParams() {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(location.search)) : next;
      const search = typeof init === 'string' || init instanceof URLSearchParams ? new URLSearchParams(init) : new URLSearchParams();
      if (typeof init !== 'string' && !(init instanceof URLSearchParams))
        for (const [k, v] of Object.entries(init)) for (const one of typeof v === 'string' ? [v] : v) search.append(k, one);
      const query = search.toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [location.pathname, location.search, navigate],
  );
  return [params, setParams] as const;
}

/** A route of the table: read by <Routes>, never rendered itself. */
export function Route(_props: { path?: string; index?: boolean; element?: ReactNode; children?: ReactNode }): ReactElement | null {
  throw new Error('<Route> ne s’utilise que dans <Routes>.');
}

interface RouteDef {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children: RouteDef[];
}

function routesOf(children: ReactNode): RouteDef[] {
  const routes: RouteDef[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<{ children?: ReactNode; path?: string; index?: boolean; element?: ReactNode }>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesOf(child.props.children));
      return;
    }
    const { path, index, element } = child.props;
    routes.push({ path, index, element, children: routesOf(child.props.children) });
  });
  return routes;
}

interface Branch {
  chain: RouteDef[];
  segments: string[];
  score: number;
  order: number;
}

// React Router's ranking: more segments first, static segments (10) over dynamic ones (3), a splat costs 2.
function score(segments: string[], index: boolean): number {
  let total = segments.length + (index ? 2 : 0);
  for (const s of segments) total += s === '*' ? -2 : s.startsWith(':') ? 3 : s === '' ? 1 : 10;
  return total;
}

function branchesOf(routes: RouteDef[], parents: RouteDef[] = [], base: string[] = [], out: Branch[] = []): Branch[] {
  for (const route of routes) {
    const own = (route.path ?? '').split('/').filter(Boolean);
    const segments = route.path?.startsWith('/') ? own : [...base, ...own];
    const chain = [...parents, route];
    if (route.children.length) branchesOf(route.children, chain, segments, out);
    if (route.path !== undefined || route.index) out.push({ chain, segments, score: score(segments, !!route.index), order: out.length });
  }
  return out;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

function match(branch: Branch, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < branch.segments.length; i++) {
    const segment = branch.segments[i]!;
    if (segment === '*') {
      params['*'] = parts.slice(i).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

/** Renders the best-ranked route matching the location, inside its layout routes (each reached through <Outlet>). */
export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter();
  const branches = branchesOf(routesOf(children)).sort((a, b) => b.score - a.score || a.order - b.order);
  const parts = location.pathname.split('/').filter(Boolean).map(decode);
  for (const branch of branches) {
    const params = match(branch, parts);
    if (!params) continue;
    let rendered: ReactNode = null;
    for (let i = branch.chain.length - 1; i >= 0; i--) {
      const route = branch.chain[i]!;
      rendered = (
        <RouteContext.Provider value={{ params, outlet: rendered }}>
          {route.element === undefined ? rendered : route.element}
        </RouteContext.Provider>
      );
    }
    return rendered;
  }
  return null;
}

export const Outlet = () => useContext(RouteContext).outlet;

/** Navigates once rendered (in an effect, as React Router does). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const { navigate } = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, where it is rendered
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/** An <a> whose plain left click navigates inside the app; modified clicks, other targets and external links stay the browser's. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = resolve(to, location.pathname);
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || EXTERNAL.test(href)) return;
    event.preventDefault();
    // A link to where one already is replaces the entry, as React Router does.
    const here = `${location.pathname}${location.search}${location.hash}`;
    navigate(href, { replace: replace ?? here === href, state });
  };
  return <a {...rest} href={href} target={target} onClick={handle} />;
}

type NavState = { isActive: boolean; isPending: boolean; isTransitioning: boolean };
type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  className?: string | ((state: NavState) => string | undefined);
  style?: CSSProperties | ((state: NavState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavState) => ReactNode);
};

/** A <Link> that knows whether it points at the current page: aria-current="page" and the "active" class, as React Router's. */
export function NavLink({ end = false, className, style, children, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const target = resolve(rest.to, location.pathname).split(/[?#]/)[0]!.toLowerCase();
  const current = location.pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === '/');
  const state = { isActive, isPending: false, isTransitioning: false };
  const classes =
    typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={classes}
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}
