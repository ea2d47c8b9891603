// The text chat view of a channel (spec "Text chat view"): header, message list, typing line and
// composer, live over the page's one socket (lib/socket.js).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { apiGet } from '../data/queries.js';
import ChatHeader from './ChatHeader.jsx';
import ImageViewerHost from './ImageViewerHost.jsx';
import Composer from './Composer.jsx';
import MessageList from './MessageList.jsx';
import { setMe } from './sync.js';
import { useToolsSoon } from './tools.js';
import TypingLine from './TypingLine.jsx';
import TimeoutNotice from './TimeoutNotice.jsx';
import useJumpToMessage from './useJumpToMessage.js';
import useLiveChannel from './useLiveChannel.js';

const MODERATORS = new Set(['owner', 'moderator']);

/** The signed-in user ({id, username, profileImageUrl, ...}). */
export const useMe = () => useQuery({
  queryKey: ['me'],
  queryFn: () => apiGet('/api/auth/me'),
  staleTime: Infinity,
  select: (data) => data?.user ?? null,
});

export default function ChatView({ channel, server }) {
  const { data: me = null } = useMe();
  const [replyTo, setReplyTo] = useState(null);
  useEffect(() => setMe(me), [me]);
  useLiveChannel(channel.id);
  useJumpToMessage(channel.id);
  useToolsSoon();
  const cancelReply = useCallback(() => setReplyTo(null), []);
  return (
    <section className="chat" aria-labelledby="channel-title">
      <ChatHeader channel={channel} />
      <MessageList channel={channel} me={me} canModerate={MODERATORS.has(server?.myRole)}
        replyingId={replyTo?.id} onReply={setReplyTo} />
      <div className="chat__bottom">
        <TypingLine channelId={channel.id} />
        <TimeoutNotice serverId={channel.serverId ?? server?.id} me={me}>
          <Composer channel={channel} me={me} replyTo={replyTo} onReply={setReplyTo} onCancelReply={cancelReply} />
        </TimeoutNotice>
      </div>
      <ImageViewerHost />
    </section>
  );
}
