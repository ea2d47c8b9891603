// The shell's own modals: discovery and create-server follow the route; join and create-channel
// are flags in the shell store. At the shell level, so a hidden sidebar never hides them. Each
// one's code loads when it first opens: none of it is needed before the chat works.
import { lazy, Suspense } from 'react';
import { navigate } from './router.js';
import SearchHost from './search/SearchHost.jsx';
import ConfirmHost from './ui/ConfirmHost.jsx';
import { useShell } from './store.js';
import { loadLater } from './loadLater.js';

const DiscoveryDialog = lazy(loadLater('DiscoveryDialog'));
const CreateServerModal = lazy(loadLater('CreateServerModal'));
const JoinServerModal = lazy(loadLater('JoinServerModal'));
const CreateChannelModal = lazy(loadLater('CreateChannelModal'));

const home = () => navigate('/app');

export default function Modals({ route }) {
  const joinOpen = useShell((state) => state.joinOpen);
  const closeJoin = useShell((state) => state.closeJoin);
  const createChannel = useShell((state) => state.createChannel);
  const closeCreateChannel = useShell((state) => state.closeCreateChannel);
  // A boundary each: one dialog's code arriving never hides another.
  return (
    <>
      <Suspense fallback={null}>{route.name === 'discover' && <DiscoveryDialog onClose={home} />}</Suspense>
      <Suspense fallback={null}>{route.name === 'createServer' && <CreateServerModal onClose={home} />}</Suspense>
      <Suspense fallback={null}>{joinOpen && <JoinServerModal onClose={closeJoin} />}</Suspense>
      <Suspense fallback={null}>
        {createChannel && (
          <CreateChannelModal key={`${createChannel.serverId}-${createChannel.type}`} serverId={createChannel.serverId}
            type={createChannel.type} onClose={closeCreateChannel} />
        )}
      </Suspense>
      <SearchHost />
      <ConfirmHost />
    </>
  );
}
