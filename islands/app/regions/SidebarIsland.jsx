// The `sidebar` island: the server list, or the current server's channels.
import { currentPath, matchRoute, useRoute } from '../router.js';
import Sidebar, { prepareSidebar } from '../sidebar/Sidebar.jsx';
import Region from './Region.jsx';

/** main.jsx waits for this before mounting: the route's view replaces the server's HTML at once. */
export const prepare = () => prepareSidebar(matchRoute(currentPath()));

export default function SidebarIsland({ user }) {
  const route = useRoute();
  return <Region><Sidebar user={user} route={route} /></Region>;
}
