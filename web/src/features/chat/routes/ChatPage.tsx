import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Spin, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { uploadFile } from '../../../lib/api';
import { errorText } from '../../../lib/apiError';
import { PeerAvatar } from '../components/PeerAvatar';
import { profilePath } from '../../../lib/profileVisit';
import { MemberOnly } from '../../people/components/MemberOnly';
import { markRead, messagesOf, useMessages, useSendMessage } from '../api/chat';
import { useChatSocket } from '../components/ChatSocketBridge';
import { Composer } from '../components/Composer';
import { MessageBubble } from '../components/MessageBubble';
import { CHAT_TEXT } from '../texts';
import { useIsTyping } from '../typing';
import { nameOf } from './ChatListPage';
import styles from './ChatPage.module.css';

/** Typing is told to the peer at most this often. */
const TYPING_EVERY_MS = 2000;
/** Scrolled this close to the top, the older page loads. */
const LOAD_OLDER_WITHIN_PX = 80;
/** This close to the bottom counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 120;

function Conversation({ viewer, peer }: { viewer: string; peer: string }) {
  const queryClient = useQueryClient();
  const socket = useChatSocket();
  const conversation = useMessages(viewer, peer);
  const send = useSendMessage(viewer, peer);
  const peerTyping = useIsTyping(peer);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const lastTypingAt = useRef(0);
  const markedUpTo = useRef(0);
  /** Whether the view follows new messages (the member is at the bottom). */
  const following = useRef(true);
  /** The scroll height when older messages were asked for, to keep the view still when they come. */
  const heightBeforeOlder = useRef<number | null>(null);

  const messages = messagesOf(conversation.data);
  const newest = conversation.data?.pages[0];
  const firstId = messages[0]?.id ?? 0;
  const lastId = messages.at(-1)?.id ?? 0;
  const newestFromPeer = [...messages].reverse().find((message) => message.senderUuid === peer)?.id ?? 0;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || heightBeforeOlder.current === null) return;
    element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstId]);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [lastId, peerTyping, conversation.isPending]);

  useEffect(() => {
    if (newestFromPeer <= markedUpTo.current || document.visibilityState === 'hidden') return;
    markedUpTo.current = newestFromPeer;
    void markRead(queryClient, viewer, peer, newestFromPeer).catch(() => {
      markedUpTo.current = 0; // tried again with the next message
    });
  }, [newestFromPeer, queryClient, viewer, peer]);

  if (conversation.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} className={styles.loading} />;
  if (conversation.isError || !newest) {
    return (
      <Result
        status="warning"
        title={errorText(conversation.error, CHAT_TEXT.loadFailed)}
        extra={
          <Link to="/chat">
            <Button>{CHAT_TEXT.back}</Button>
          </Link>
        }
      />
    );
  }

  const waiting = newest.remainingBeforeReply === 0;
  const onSend = async (content: string, image = '') => {
    setRefusal(null);
    following.current = true;
    try {
      await send.mutateAsync({ content, image });
      return true;
    } catch (error) {
      setRefusal(errorText(error, CHAT_TEXT.sendFailed));
      return false;
    }
  };
  const onPicture = async (file: File) => {
    setRefusal(null);
    setUploading(true);
    try {
      const uploaded = await uploadFile({ purpose: 'chat', file });
      await onSend('', uploaded.path);
    } catch (error) {
      setRefusal(errorText(error, CHAT_TEXT.sendFailed));
    } finally {
      setUploading(false);
    }
  };
  const onTyping = () => {
    const now = Date.now();
    if (now - lastTypingAt.current < TYPING_EVERY_MS) return;
    lastTypingAt.current = now;
    socket?.sendTyping(peer);
  };
  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_WITHIN_PX && conversation.hasNextPage && !conversation.isFetchingNextPage) {
      heightBeforeOlder.current = element.scrollHeight;
      void conversation.fetchNextPage();
    }
  };

  return (
    <>
      <header className={styles.header}>
        <Link to="/chat" className={styles.back} aria-label={CHAT_TEXT.back}>
          <ArrowLeftOutlined />
        </Link>
        <Link to={profilePath(newest.peer.uuid)} className={styles.peer}>
          <PeerAvatar peer={newest.peer} size={40} />
          <span className={styles.peerText}>
            <Typography.Text strong>{nameOf(newest.peer)}</Typography.Text>
            <Typography.Text type="secondary" className={styles.status}>
              {peerTyping ? CHAT_TEXT.typing : newest.peer.city}
            </Typography.Text>
          </span>
        </Link>
      </header>
      <div ref={scroller} className={styles.messages} onScroll={onScroll} aria-live="polite">
        {conversation.isFetchingNextPage && (
          <div className={styles.older}>
            <Spin size="small" /> {CHAT_TEXT.loadingOlder}
          </div>
        )}
        {!conversation.hasNextPage && messages.length > 0 && <div className={styles.older}>{CHAT_TEXT.noMore}</div>}
        {messages.length === 0 && <div className={styles.hello}>{CHAT_TEXT.firstMessage}</div>}
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            mine={message.senderUuid === viewer}
            read={message.id <= newest.peerReadId}
          />
        ))}
        {peerTyping && <div className={styles.typing}>{CHAT_TEXT.typing}</div>}
      </div>
      <div className={styles.notices}>
        {refusal && <Alert type="warning" showIcon message={refusal} />}
        {!refusal && waiting && <Alert type="info" showIcon message={CHAT_TEXT.waitForReply} />}
        {!refusal && newest.remainingBeforeReply > 0 && (
          <Typography.Text type="secondary" className={styles.remaining}>
            {CHAT_TEXT.remaining(newest.remainingBeforeReply)}
          </Typography.Text>
        )}
      </div>
      <Composer
        disabled={waiting}
        sending={send.isPending || uploading}
        onSend={(content) => onSend(content)}
        onPicture={(file) => void onPicture(file)}
        onTyping={onTyping}
      />
    </>
  );
}

/** /chat/:uuid: one conversation, live. */
export default function ChatPage() {
  const peer = useParams().uuid ?? '';
  return (
    <div className={styles.page}>
      <MemberOnly>{(viewer) => <Conversation key={`${viewer}/${peer}`} viewer={viewer} peer={peer} />}</MemberOnly>
    </div>
  );
}
