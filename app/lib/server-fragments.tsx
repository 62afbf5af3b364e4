/**
 * Server fragments (decision 028): a part of a page that is the same for many shoppers (a product
 * card) is rendered to HTML once per distinct input on the server and then written into every page
 * that shows it, as a string, instead of being rendered again by React for each request.
 *
 * The server's renderer comes through `ServerFragmentsContext`, which `app/entry.server.tsx` fills
 * (`app/lib/server-fragments.server.ts`). In the browser the context is empty and the component is
 * rendered as usual: hydration walks the server's HTML like any other, since what React adopts is
 * the DOM, not how the server produced it.
 *
 * The rule that keeps it correct: the key names every input of the fragment's render, including what
 * it reads from contexts (the signed-in state, the wishlist, the page's address). The test servers
 * run with SERVER_FRAGMENTS=verify, which renders each fragment afresh on every use and fails the
 * request if a kept one differs: every end-to-end test checks the keys.
 */
import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
} from "react-router";

/** Renders `element` (already wrapped in the page's router contexts) for `key`, or returns the HTML kept for it. */
export type FragmentRenderer = (key: string, element: ReactElement) => string;

export const ServerFragmentsContext = /* @__PURE__ */ createContext<FragmentRenderer | null>(null);

/**
 * Inside a route's component, on the server only (`import.meta.env.SSR`, so the browser's build
 * carries none of this): a function that gives a fragment's HTML, or null when SERVER_FRAGMENTS=off
 * (render the element itself then). The element is rendered with this page's router
 * contexts, so links, fetchers and loader data read what they would in place.
 */
export function useServerFragment(): ((key: string, element: ReactElement) => string) | null {
  const render = useContext(ServerFragmentsContext);
  const framework = useContext(FrameworkContext);
  const dataRouter = useContext(DataRouterContext);
  const dataRouterState = useContext(DataRouterStateContext);
  const fetchers = useContext(FetchersContext);
  const navigation = useContext(NavigationContext);
  const location = useContext(LocationContext);
  const route = useContext(RouteContext);
  if (!render) return null;
  const wrap = (children: ReactNode) => (
    <FrameworkContext.Provider value={framework}>
      <DataRouterContext.Provider value={dataRouter}>
        <DataRouterStateContext.Provider value={dataRouterState}>
          <FetchersContext.Provider value={fetchers}>
            <NavigationContext.Provider value={navigation}>
              <LocationContext.Provider value={location}>
                <RouteContext.Provider value={route}>{children}</RouteContext.Provider>
              </LocationContext.Provider>
            </NavigationContext.Provider>
          </FetchersContext.Provider>
        </DataRouterStateContext.Provider>
      </DataRouterContext.Provider>
    </FrameworkContext.Provider>
  );
  return (key, element) => render(key, wrap(element));
}
