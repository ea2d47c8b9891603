// The channel screen (spec "Channel screen"): a VOICE channel shows the voice view, whose code
// loads when one is first opened (it is not in a text channel's first load); any other type shows
// the text chat view.
import SearchX from 'lucide-react/icons/search-x';
import { lazy, Suspense } from 'react';
import ChatView from '../chat/ChatView.jsx';
import { isMember, useChannels, useServer } from '../data/queries.js';
import { Link, serverPath } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import { t } from '../../lib/i18n.js';

const VoiceView = lazy(() => import('../voice/VoiceView.jsx'));

export default function ChannelScreen({ serverId, channelId }) {
  const serverQuery = useServer(serverId);
  const member = isMember(serverQuery.data);
  const channelsQuery = useChannels(serverId, member);
  const loading = <p className="page page--center channel-screen__status" role="status">{t('Загрузка канала...')}</p>;
  if (serverQuery.isPending || (member && channelsQuery.isPending)) return loading;
  const channel = channelsQuery.data?.find((item) => item.id === channelId);
  if (!channel) {
    return (
      <div className="page page--center">
        <EmptyState icon={SearchX} title={t('Канал не найден')}>
          <Link to={serverPath(serverId)} className="btn btn-ghost">{t('К обзору сервера')}</Link>
        </EmptyState>
      </div>
    );
  }
  if (channel.type !== 'VOICE') return <ChatView key={channel.id} channel={channel} server={serverQuery.data} />;
  return <Suspense fallback={loading}><VoiceView channel={channel} server={serverQuery.data} /></Suspense>;
}
