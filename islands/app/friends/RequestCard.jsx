// A friend request (spec 000 §2 Pending tab): who, their name, the optional message and the date
// (in the settings' format). Incoming: 'Принять' / 'Отклонить'; outgoing: cancel. Buttons wait for their answer.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { acceptRequest, cancelRequest, declineRequest } from './actions.js';
import { formatDateTime } from '../../lib/dateTime.js';
import PersonAvatar from './PersonAvatar.jsx';
import { t } from '../../lib/i18n.js';
import PersonName from '../ui/PersonName.jsx';

const sentOn = (moment) => formatDateTime(moment, { time: false });

export default function RequestCard({ request, incoming }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const person = incoming ? request.fromUser : request.toUser;
  const run = async (action) => {
    setBusy(true);
    const done = await action(queryClient, request);
    if (!done) setBusy(false); // on success the card leaves the list
  };
  return (
    <li className="request-card" data-username={person.username}>
      <PersonAvatar person={person} />
      <div className="request-card__text">
        <p className="friend-row__names">
          <PersonName person={person} className="friend-row__name" />
          <span className="friend-row__handle">@{person.username}</span>
        </p>
        <p className="request-card__meta">
          {incoming ? t('Входящий запрос') : t('Исходящий запрос')}
          {' · '}
          <time dateTime={request.createdAt}>{sentOn(request.createdAt)}</time>
        </p>
        {request.message && <p className="request-card__message">{request.message}</p>}
      </div>
      <div className="request-card__actions">
        {incoming ? (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => run(acceptRequest)}>
              <Check size={16} aria-hidden="true" />{t('Принять')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => run(declineRequest)}>
              <X size={16} aria-hidden="true" />{t('Отклонить')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => run(cancelRequest)}>
            {t('Отменить')}
          </button>
        )}
      </div>
    </li>
  );
}
