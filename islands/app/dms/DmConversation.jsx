// A conversation with one person (/app/friends?dm={userId}): POST /api/dms {userId} gives the DM
// channel (the same one for the same pair), then the very chat view of server channels shows it —
// its header names the person and their live status instead of '#channel'; DmCall adds the call.
import { useQueryClient } from '@tanstack/react-query';
import MessageCircleOff from 'lucide-react/icons/message-circle-off';
import { lazy, Suspense, useEffect } from 'react';
import ChatView from '../chat/ChatView.jsx';
import { Link } from '../router.js';
import EmptyState from '../ui/EmptyState.jsx';
import { dmKeys, useDmChannel } from './queries.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

// The call (voice) code loads with the first conversation opened, not with the page.
const DmCall = lazy(() => import('./DmCall.jsx'));

// The API's refusals come with their Russian text; these titles say what happened at a glance.
const REFUSED_TITLES = {
  DM_SELF: t('Нельзя написать самому себе'),
  USER_NOT_FOUND: t('Пользователь не найден'),
  USER_BLOCKED: t('Переписка недоступна'),
  DM_NOT_ALLOWED: t('Пользователь не принимает личные сообщения'),
};

export default function DmConversation({ userId }) {
  const queryClient = useQueryClient();
  const { data: channel, isPending, error, refetch } = useDmChannel(userId);

  // A conversation opened for the first time is not in the DM list yet.
  useEffect(() => {
    if (!channel) return;
    const list = queryClient.getQueryData(dmKeys.list())?.conversations;
    if (list && !list.some((item) => item.channel?.id === channel.id)) {
      queryClient.invalidateQueries({ queryKey: dmKeys.list() });
    }
  }, [channel, queryClient]);

  if (isPending) {
    return <p className="page page--center channel-screen__status" role="status">{t('Загрузка переписки...')}</p>;
  }
  if (error || !channel) {
    const refused = error?.status >= 400 && error.status < 500;
    return (
      <div className="page page--center">
        <EmptyState icon={MessageCircleOff} title={REFUSED_TITLES[error?.code] ?? t('Не удалось открыть переписку')}
          text={error?.message}>
          {!refused && <button type="button" className="btn btn-ghost" onClick={() => refetch()}>{t('Повторить')}</button>}
          <Link to="/app/friends" className="btn btn-ghost">{t('К друзьям')}</Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="dm-call">
      <Suspense fallback={null}><DmCall key={channel.id} channel={channel} /></Suspense>
      <div className="dm-call__chat"><ChatView key={channel.id} channel={channel} server={null} /></div>
    </div>
  );
}
