// The `topbar` island: the sidebar toggle, where you are, search, the user menu.
import { useRoute } from '../router.js';
import TopBar from '../topbar/TopBar.jsx';
import Region from './Region.jsx';

export default function TopBarIsland({ user, csrfToken }) {
  const route = useRoute();
  return <Region><TopBar user={user} csrfToken={csrfToken} route={route} /></Region>;
}
