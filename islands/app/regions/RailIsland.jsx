// The `rail` island: the server rail at the far left (../rail).
import Rail from '../rail/Rail.jsx';
import { useRoute } from '../router.js';
import Region from './Region.jsx';

export default function RailIsland({ logo, userId }) {
  const route = useRoute();
  return <Region><Rail route={route} logo={logo} userId={userId} /></Region>;
}
