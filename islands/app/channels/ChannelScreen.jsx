// The channel screen (spec "Channel screen"): a VOICE channel shows the voice view (for now a line
// saying what comes); any other type shows the text chat view.
import SearchX from 'lucide-react/icons/search-x';
import Volume2 from 'lucide-react/icons/volume-2';
import ChatView from '../chat/ChatView.jsx';
import { isMember, useChannels, useServer } from '../data/queries.js';
import { Link, serverPath } from '../router.js';
import ChannelIcon from '../ui/ChannelIcon.jsx';
import EmptyState from '../ui/EmptyState.jsx';

const VOICE_COMING = 'Голосовой канал: подключение появится в следующем обновлении.';

export default function ChannelScreen({ serverId, channelId }) {
  const serverQuery = useServer(serverId);
  const member = isMember(serverQuery.data);
  const channelsQuery = useChannels(serverId, member);
  if (serverQuery.isPending || (member && channelsQuery.isPending)) {
    return <p className="page page--center channel-screen__status" role="status">Загрузка канала...</p>;
  }
  const channel = channelsQuery.data?.find((item) => item.id === channelId);
  if (!channel) {
    return (
      <div className="page page--center">
        <EmptyState icon={SearchX} title="Канал не найден">
          <Link to={serverPath(serverId)} className="btn btn-ghost">К обзору сервера</Link>
        </EmptyState>
      </div>
    );
  }
  const voice = channel.type === 'VOICE';
  if (!voice) return <ChatView key={channel.id} channel={channel} server={serverQuery.data} />;
  return (
    <section className="channel-screen" aria-labelledby="channel-title">
      <header className="channel-screen__header">
        <span className={`channel-screen__icon${voice ? ' is-voice' : ''}`}><ChannelIcon type={channel.type} size={22} /></span>
        <div className="channel-screen__titles">
          <h1 id="channel-title" className="channel-screen__name">{channel.name}</h1>
          {channel.description && <p className="channel-screen__description">{channel.description}</p>}
        </div>
      </header>
      <div className="channel-screen__body">
        <div className="channel-screen__soon">
          <span className="channel-screen__soon-icon" aria-hidden="true">
            <Volume2 size={24} />
          </span>
          <p>{VOICE_COMING}</p>
        </div>
      </div>
    </section>
  );
}
