// The shell's own modals: discovery and create-server follow the route; join and create-channel
// are flags in the shell store. At the shell level, so a hidden sidebar never hides them.
import DiscoveryDialog from './discover/DiscoveryDialog.jsx';
import { navigate } from './router.js';
import SearchHost from './search/SearchHost.jsx';
import CreateServerModal from './servers/CreateServerModal.jsx';
import JoinServerModal from './servers/JoinServerModal.jsx';
import CreateChannelModal from './sidebar/CreateChannelModal.jsx';
import { useShell } from './store.js';

const home = () => navigate('/app');

export default function Modals({ route }) {
  const joinOpen = useShell((state) => state.joinOpen);
  const closeJoin = useShell((state) => state.closeJoin);
  const createChannel = useShell((state) => state.createChannel);
  const closeCreateChannel = useShell((state) => state.closeCreateChannel);
  return (
    <>
      {route.name === 'discover' && <DiscoveryDialog onClose={home} />}
      {route.name === 'createServer' && <CreateServerModal onClose={home} />}
      {joinOpen && <JoinServerModal onClose={closeJoin} />}
      {createChannel && (
        <CreateChannelModal key={`${createChannel.serverId}-${createChannel.type}`} serverId={createChannel.serverId}
          type={createChannel.type} onClose={closeCreateChannel} />
      )}
      <SearchHost />
    </>
  );
}
