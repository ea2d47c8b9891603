// The `chat` island: the centre column for the current route (a channel's messages and composer,
// a server's overview, the welcome screen) and the route-bound modals over it.
import Centre from '../Centre.jsx';
import { useRoute } from '../router.js';
import Region from './Region.jsx';

export default function ChatIsland({ user }) {
  const route = useRoute();
  return <Region><Centre route={route} user={user} /></Region>;
}
