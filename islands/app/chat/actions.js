// What a person does to a message besides sending: react (optimistic, over the socket when
// connected, else HTTP), edit and delete (HTTP: their answer says whether it worked).
import { toast } from '../../lib/toast.js';
import { post, request } from '../../lib/api.js';
import { sendTracked } from './sync.js';
import { applyEdit, removeMessage, updateMessage, upsertMessages } from './store.js';
import { withReaction } from './reactions.js';
import { t } from '../../lib/i18n.js';
import { askConfirm } from '../ui/confirm.js';

export const REACTIONS = [
  ['👍', t('Нравится')],
  ['❤️', t('Сердце')],
  ['😂', t('Смешно')],
  ['😮', t('Удивление')],
  ['😢', t('Грустно')],
  ['😡', t('Злость')],
  ['👎', t('Не нравится')],
  ['🎉', t('Праздник')],
];

export const reactedBy = (reaction, userId) => userId != null && (reaction?.users ?? []).includes(userId);

/** Spec §4 "Reaction toggle": remove it if the user already reacted with it, else add it. */
export function toggleReaction(message, emoji, me) {
  if (!me || message.id == null) return;
  const mine = reactedBy(message.reactions?.find((reaction) => reaction.emoji === emoji), me.id);
  const { channelId, id } = message;
  const set = (add) => updateMessage(channelId, id, (current) => ({ reactions: withReaction(current.reactions, emoji, me.id, add) }));
  // The server's reason, when it gave one (a 21st kind of reaction on the message, say).
  const failed = (error) => {
    set(mine);
    toast.error(mine ? t('Ошибка удаления реакции') : t('Ошибка добавления реакции'),
      error?.message ? { description: error.message } : undefined);
  };
  set(!mine);
  if (sendTracked(mine ? 'reaction_remove' : 'reaction_add', { messageId: id, emoji }, failed)) return;
  const call = mine
    ? request(`/api/messages/${id}/reactions/${encodeURIComponent(emoji)}`, { method: 'DELETE' })
    : post(`/api/messages/${id}/reactions`, { emoji });
  call.then((data) => data?.message && upsertMessages(channelId, [data.message])).catch(failed);
}

/** → true when saved. */
export async function editMessage(message, content) {
  try {
    const data = await request(`/api/messages/${message.id}`, { method: 'PATCH', body: { content } });
    if (data?.message) applyEdit(message.channelId, data.message);
    return true;
  } catch (error) {
    toast.error(t('Не удалось изменить сообщение'), { description: error.message });
    return false;
  }
}

export async function deleteMessage(message) {
  const sure = await askConfirm({
    title: t('Удалить сообщение?'),
    message: t('Сообщение будет удалено для всех. Это нельзя отменить.'),
    confirmLabel: t('Удалить'),
    danger: true,
  });
  if (!sure) return;
  try {
    await request(`/api/messages/${message.id}`, { method: 'DELETE' });
    removeMessage(message.channelId, message.id);
  } catch (error) {
    if (error.status === 404) removeMessage(message.channelId, message.id);
    else toast.error(t('Не удалось удалить сообщение'), { description: error.message });
  }
}
