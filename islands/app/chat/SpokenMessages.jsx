// Settings → accessibility → 'Оптимизация для программ чтения с экрана': instead of the whole
// message row (avatar, buttons, reactions) read out from the log, each new message from someone
// else in the open channel is said once, short: 'Вера: привет'.
import { useEffect, useState } from 'react';
import * as socket from '../../lib/socket.js';
import { t } from '../../lib/i18n.js';
import { personName } from '../ui/person.js';

export default function SpokenMessages({ channelId, meId }) {
  const [said, setSaid] = useState('');
  useEffect(() => socket.on('new_message', (message) => {
    if (message?.channelId !== channelId || message.author?.id === meId) return;
    const text = message.content?.trim() || (message.attachments?.length ? t('Вложение') : '');
    setSaid(`${personName(message.author)}: ${text}`);
  }), [channelId, meId]);
  return <div className="sr-only" role="status" aria-live="polite" data-spoken-messages="">{said}</div>;
}
