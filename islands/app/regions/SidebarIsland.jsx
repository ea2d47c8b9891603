// The `sidebar` island: the server list, or the current server's channels.
import { useRoute } from '../router.js';
import Sidebar from '../sidebar/Sidebar.jsx';
import Region from './Region.jsx';

export default function SidebarIsland({ user }) {
  const route = useRoute();
  return <Region><Sidebar user={user} route={route} /></Region>;
}
