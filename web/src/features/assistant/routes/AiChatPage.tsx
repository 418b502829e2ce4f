import { ArrowDownOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Result, Skeleton } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useLoginPath } from '../../../components/LoginRequired';
import { isSessionLive, useSession } from '../../../lib/session';
import { useConversations } from '../api/conversations';
import { AssistantAvatar } from '../components/AssistantAvatar';
import { ChatComposer, type ComposerInput } from '../components/ChatComposer';
import { ConversationList } from '../components/ConversationList';
import { MessageBubble } from '../components/MessageBubble';
import { AI_CHAT_TEXT } from '../texts';
import { useChatThread, type Notice } from '../useChatThread';
import styles from './AiChatPage.module.css';

/** This close to the bottom, the view follows a streaming reply; scrolled further up, it stays put. */
const FOLLOW_WITHIN_PX = 48;
/** The phone drawer's width: most of a 390 px screen, with the page still visible beside it. */
const DRAWER_WIDTH = 300;

/**
 * Spec 3 section 2: /ai-chat goes to /login without a token (and comes back after). The route
 * table leaves it open, as the spec's route table does, so the page checks itself; a session that
 * ends while it is open (a rejected token) leaves it the same way.
 */
function MembersOnly({ children }: { children: (viewer: string) => ReactNode }) {
  const session = useSession();
  const loginPath = useLoginPath();
  if (!isSessionLive(session, Date.now())) return <Navigate to={loginPath} replace />;
  return children(session.user.uuid);
}

function Welcome({ onPick }: { onPick: (question: string) => void }) {
  return (
    <section className={styles.welcome} aria-labelledby="ai-chat-welcome">
      <AssistantAvatar size={56} />
      <h2 id="ai-chat-welcome" className={styles.welcomeTitle}>
        {AI_CHAT_TEXT.welcomeTitle}
      </h2>
      <p className={styles.welcomeText}>{AI_CHAT_TEXT.welcomeText}</p>
      <p className={styles.suggestionsLabel}>{AI_CHAT_TEXT.suggestionsLabel}</p>
      <div className={styles.suggestions}>
        {AI_CHAT_TEXT.suggestions.map((question) => (
          <button key={question} type="button" className={styles.suggestion} onClick={() => onPick(question)}>
            {question}
          </button>
        ))}
      </div>
    </section>
  );
}

function NoticeBar({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  if (notice.kind === 'notConfigured') {
    return (
      <Alert
        type="warning"
        showIcon
        title={AI_CHAT_TEXT.notConfigured}
        description={
          <>
            {AI_CHAT_TEXT.notConfiguredDetail} <Link to="/feedback">{AI_CHAT_TEXT.feedback}</Link>
          </>
        }
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      title={AI_CHAT_TEXT.sendFailed}
      description={notice.detail || undefined}
    />
  );
}

function AiChat({ viewer }: { viewer: string }) {
  const chat = useChatThread(viewer);
  const { thread, streaming, notice } = chat;
  const conversations = useConversations(viewer);
  const [draft, setDraft] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [showJump, setShowJump] = useState(false);
  const input = useRef<ComposerInput>(null);
  const scroller = useRef<HTMLDivElement>(null);
  /** Whether the view follows new text (the member has not scrolled up to read). */
  const following = useRef(true);

  const saved = conversations.data?.pages.flatMap((page) => page.list).find((c) => c.id === thread.conversationId);
  const title = saved?.title ?? AI_CHAT_TEXT.untitled;
  const last = thread.items.at(-1);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [thread.items.length, last?.content, last?.status, thread.loading]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_WITHIN_PX;
    setShowJump(!following.current);
  };

  const jumpToLatest = () => {
    following.current = true;
    setShowJump(false);
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: 'smooth' });
  };

  const send = async (text: string) => {
    following.current = true;
    setShowJump(false);
    setDraft('');
    const asked = await chat.send(text);
    // Not asked: the question goes back into the box, unless the member has started another.
    if (!asked) setDraft((typed) => (typed === '' ? text : typed));
  };

  const open = (id: number) => {
    setDrawerOpen(false);
    following.current = true;
    setShowJump(false);
    void chat.open(id);
  };

  const startNew = () => {
    setDrawerOpen(false);
    following.current = true;
    setShowJump(false);
    chat.startNew();
    input.current?.focus();
  };

  const pick = (question: string) => {
    setDraft(question);
    input.current?.focus();
  };

  const list = (
    <ConversationList
      viewer={viewer}
      activeId={thread.conversationId}
      onOpen={open}
      onNew={startNew}
      onDeleted={(id) => {
        if (id === thread.conversationId) chat.startNew();
      }}
    />
  );

  let body: ReactNode;
  if (thread.loading) {
    body = <Skeleton active avatar paragraph={{ rows: 5 }} className={styles.loading} />;
  } else if (thread.loadError) {
    body = (
      <Result
        status="warning"
        title={thread.loadError}
        extra={[
          <Button key="retry" type="primary" onClick={chat.retryOpen}>
            {AI_CHAT_TEXT.retry}
          </Button>,
          <Button key="new" onClick={startNew}>
            {AI_CHAT_TEXT.newConversation}
          </Button>,
        ]}
      />
    );
  } else if (thread.items.length === 0) {
    body = <Welcome onPick={pick} />;
  } else {
    body = (
      <div className={styles.thread} role="log" aria-live="polite" aria-busy={streaming}>
        {thread.items.map((item) => (
          <MessageBubble key={item.key} item={item} />
        ))}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <aside className={styles.sidebar}>{list}</aside>
      <Drawer
        placement="left"
        size={DRAWER_WIDTH}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title={AI_CHAT_TEXT.heading}
        classNames={{ body: styles.drawerBody }}
      >
        {list}
      </Drawer>
      <section className={styles.main}>
        <header className={styles.header}>
          <Button
            type="text"
            className={styles.phoneOnly}
            icon={<HistoryOutlined />}
            aria-label={AI_CHAT_TEXT.openHistory}
            onClick={() => setDrawerOpen(true)}
          />
          <AssistantAvatar size={36} />
          <div className={styles.headText}>
            <h1 className={styles.heading}>{AI_CHAT_TEXT.heading}</h1>
            <span className={styles.current} title={title}>
              {title}
            </span>
          </div>
          <Button
            type="text"
            className={styles.phoneOnly}
            icon={<PlusOutlined />}
            aria-label={AI_CHAT_TEXT.newConversation}
            onClick={startNew}
          />
        </header>
        <div ref={scroller} className={styles.messages} onScroll={onScroll}>
          {body}
        </div>
        <div className={styles.bottom}>
          {showJump && (
            <Button
              shape="round"
              size="small"
              icon={<ArrowDownOutlined />}
              className={styles.jump}
              onClick={jumpToLatest}
            >
              {AI_CHAT_TEXT.jumpToLatest}
            </Button>
          )}
          {notice && <NoticeBar notice={notice} onClose={chat.dismissNotice} />}
          <ChatComposer
            inputRef={input}
            value={draft}
            onChange={setDraft}
            streaming={streaming}
            disabled={thread.loading || thread.loadError !== null}
            onSend={(text) => void send(text)}
            onStop={chat.stop}
          />
          <p className={styles.disclaimer}>{AI_CHAT_TEXT.disclaimer}</p>
        </div>
      </section>
    </div>
  );
}

/** /ai-chat: questions answered by the site's model as they stream, with the member's saved conversations. */
export default function AiChatPage() {
  return <MembersOnly>{(viewer) => <AiChat key={viewer} viewer={viewer} />}</MembersOnly>;
}
