// The `chat` island: the centre column for the current route (a channel's messages and composer,
// a server's overview, the welcome screen) and the route-bound modals over it.
import Centre, { prepareScreen } from '../Centre.jsx';
import { currentPath, matchRoute, useRoute } from '../router.js';
import Region from './Region.jsx';

/** main.jsx waits for this before mounting: the page's screen replaces the server's HTML at once. */
export const prepare = () => prepareScreen(matchRoute(currentPath()));

export default function ChatIsland({ user }) {
  const route = useRoute();
  return <Region><Centre route={route} user={user} /></Region>;
}
