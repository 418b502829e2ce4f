import { DeleteOutlined, HeartFilled, HeartOutlined, MessageOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Space, Tag, theme, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { relativeTime } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { useCreateComment, useDeleteComment, useDeleteMoment, useToggleLike } from '../api/actions';
import { ageFrom, parseComments, parseLikes, type Moment, type MomentComment } from '../model';
import { MOMENT_TEXT } from '../texts';
import { CommentComposer } from './CommentComposer';
import { CommentList } from './CommentList';
import { MomentImages } from './MomentImages';

interface MomentCardProps {
  moment: Moment;
  /** The signed-in member's uuid; undefined for a guest. */
  me: string | undefined;
  /** A guest tried to like or comment. */
  onLoginRequired: () => void;
}

type Composer = { open: false } | { open: true; replyTo: MomentComment | null };

function ProfileTags({ user }: { user: Moment['user'] }) {
  const age = ageFrom(user.birthyear);
  const tags = [
    user.sex ? (user.sex === 1 ? MOMENT_TEXT.male : MOMENT_TEXT.female) : '',
    age ? MOMENT_TEXT.age(age) : '',
    user.city,
    user.height ? MOMENT_TEXT.heightCm(user.height) : '',
    user.education,
    user.occupation,
  ].filter(Boolean);
  if (tags.length === 0) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {tags.map((tag) => (
        <Tag key={tag} variant="filled" style={{ marginInlineEnd: 0, fontSize: 12 }}>
          {tag}
        </Tag>
      ))}
    </span>
  );
}

export function MomentCard({ moment, me, onLoginRequired }: MomentCardProps) {
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const likes = useMemo(() => parseLikes(moment.likes), [moment.likes]);
  const comments = useMemo(() => parseComments(moment.comments), [moment.comments]);
  const [composer, setComposer] = useState<Composer>({ open: false });
  const toggleLike = useToggleLike();
  const deleteMoment = useDeleteMoment();
  const createComment = useCreateComment();
  const deleteComment = useDeleteComment();
  const signedIn = me !== undefined;
  const isMine = signedIn && moment.user.uuid === me;
  const nickname = moment.nickName || MOMENT_TEXT.fallbackNickname;

  const openComposer = (replyTo: MomentComment | null) => {
    if (!signedIn) return onLoginRequired();
    setComposer({ open: true, replyTo });
  };

  const confirmDelete = () =>
    modal.confirm({
      title: MOMENT_TEXT.deleteTitle,
      content: MOMENT_TEXT.deleteContent,
      okText: MOMENT_TEXT.confirm,
      cancelText: MOMENT_TEXT.cancelDelete,
      okButtonProps: { danger: true },
      onOk: () => deleteMoment.mutateAsync(moment.momentId).catch(() => undefined),
    });

  async function sendComment(content: string): Promise<boolean> {
    const replyTo = composer.open ? composer.replyTo : null;
    try {
      await createComment.mutateAsync({ momentId: moment.momentId, content, parentId: replyTo?.commentId ?? 0 });
      setComposer({ open: false });
      return true;
    } catch {
      return false;
    }
  }

  return (
    <article aria-label={MOMENT_TEXT.momentOf(nickname)} data-moment-id={moment.momentId}>
      <Card
        style={{ boxShadow: '0 4px 18px rgba(194, 24, 91, 0.06)', borderColor: '#F6E3EA' }}
        styles={{ body: { padding: '18px 20px 14px' } }}
      >
        <header style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
          <Avatar
            size={44}
            src={moment.avatar ? mediaUrl(moment.avatar) : undefined}
            alt={MOMENT_TEXT.avatarAlt(nickname)}
            style={{ flex: 'none', background: '#F8BBD0', color: '#880E4F', fontWeight: 600 }}
          >
            {[...nickname][0]}
          </Avatar>
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ display: 'flex', alignItems: 'baseline', gap: 8, flexWrap: 'wrap' }}>
              <Typography.Text strong style={{ fontSize: 15 }}>
                {nickname}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <time dateTime={new Date(moment.createdAt * 1000).toISOString()}>{relativeTime(moment.createdAt)}</time>
              </Typography.Text>
            </div>
            <ProfileTags user={moment.user} />
          </div>
          {isMine && (
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={MOMENT_TEXT.deleteMoment}
              loading={deleteMoment.isPending}
              onClick={confirmDelete}
              style={{ color: token.colorTextSecondary }}
            />
          )}
        </header>

        {moment.content && (
          <Typography.Paragraph
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              margin: '12px 0 0',
              fontSize: 15,
              lineHeight: 1.75,
            }}
          >
            {moment.content}
          </Typography.Paragraph>
        )}
        <MomentImages images={moment.images} />

        <div style={{ display: 'flex', gap: 4, marginTop: 12, marginLeft: -8 }}>
          <Button
            type="text"
            aria-pressed={moment.isLiked}
            aria-label={`${moment.isLiked ? MOMENT_TEXT.unlike : MOMENT_TEXT.like} ${moment.likeCount}`}
            icon={moment.isLiked ? <HeartFilled style={{ color: token.colorPrimary }} /> : <HeartOutlined />}
            loading={toggleLike.isPending}
            onClick={() =>
              signedIn ? toggleLike.mutate({ momentId: moment.momentId, liked: moment.isLiked }) : onLoginRequired()
            }
            style={moment.isLiked ? { color: token.colorPrimary } : undefined}
          >
            {moment.likeCount}
          </Button>
          <Button
            type="text"
            aria-label={`${MOMENT_TEXT.comment} ${moment.commentCount}`}
            icon={<MessageOutlined />}
            onClick={() => openComposer(null)}
          >
            {moment.commentCount}
          </Button>
        </div>

        {(likes.length > 0 || comments.length > 0 || composer.open) && (
          <div style={{ marginTop: 6, padding: '10px 12px', background: '#FDF5F8', borderRadius: 8 }}>
            {likes.length > 0 && (
              <div
                aria-label={MOMENT_TEXT.likersLabel}
                style={{
                  fontSize: 13,
                  color: token.colorTextSecondary,
                  paddingBottom: comments.length > 0 ? 6 : 0,
                  marginBottom: comments.length > 0 ? 6 : 0,
                  borderBottom: comments.length > 0 ? '1px solid #F3DCE5' : undefined,
                }}
              >
                <HeartFilled style={{ color: token.colorPrimary, marginRight: 6 }} aria-hidden />
                <Space size={0} wrap separator={<span>、</span>}>
                  {likes.map((liker) => (
                    <span key={liker.uuid || liker.nickname} style={{ color: token.colorPrimary }}>
                      {liker.nickname}
                    </span>
                  ))}
                </Space>
              </div>
            )}
            <CommentList
              comments={comments}
              momentAuthor={moment.user.uuid}
              me={me}
              onReply={openComposer}
              onDelete={(comment) => deleteComment.mutate({ commentId: comment.commentId, momentId: moment.momentId })}
              deletingId={deleteComment.isPending ? (deleteComment.variables?.commentId ?? null) : null}
            />
            {composer.open && (
              <CommentComposer
                key={composer.replyTo?.commentId ?? 0}
                replyTo={composer.replyTo}
                sending={createComment.isPending}
                onSend={sendComment}
                onCancel={() => setComposer({ open: false })}
              />
            )}
          </div>
        )}
      </Card>
    </article>
  );
}
