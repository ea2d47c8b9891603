// The server overview (spec "Server overview"): header card, three stats, the channel list.
// A public server the user has not joined shows its header and a join button instead.
import Lock from 'lucide-react/icons/lock';
import ServerOff from 'lucide-react/icons/server-off';
import { canManageChannels, isMember, useChannels, useServer } from '../data/queries.js';
import { Link } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import { useMinimumDelay } from '../ui/useMinimumDelay.js';
import ChannelRows from './ChannelRows.jsx';
import OverviewSkeleton from './OverviewSkeleton.jsx';
import ServerHeaderCard from './ServerHeaderCard.jsx';
import StatCards from './StatCards.jsx';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { t } from '../../lib/i18n.js';

export default function ServerOverview({ serverId }) {
  const serverQuery = useServer(serverId);
  const server = serverQuery.data;
  const member = isMember(server);
  const channelsQuery = useChannels(serverId, member);
  const waited = useMinimumDelay(serverId, 1000);

  if (serverQuery.isError) {
    const notFound = serverQuery.error.status === 404;
    return (
      <div className="page page--center">
        <EmptyState icon={ServerOff} title={notFound ? t('Сервер не найден') : t('Не удалось загрузить сервер')}
          text={notFound ? t('Возможно, его удалили или он приватный.') : serverQuery.error.message}>
          <Link to="/app" className="btn btn-ghost">{t('Вернуться к серверам')}</Link>
        </EmptyState>
      </div>
    );
  }
  if (!waited || serverQuery.isPending || (member && channelsQuery.isPending)) return <OverviewSkeleton />;

  const channels = channelsQuery.data ?? [];
  return (
    <div className="page overview">
      <ServerHeaderCard server={server} member={member} />
      <StatCards server={server} />
      {member ? (
        <ChannelRows serverId={serverId} channels={channels} canCreate={canManageChannels(server)} />
      ) : (
        <div className="card">
          <EmptyState icon={Lock} title={t('Каналы доступны участникам сервера')}
            text={t('Присоединитесь, чтобы читать каналы и общаться с сообществом.')} />
        </div>
      )}
    </div>
  );
}
