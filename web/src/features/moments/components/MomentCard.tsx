import { DeleteOutlined, HeartFilled, HeartOutlined, MessageOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useDeleteConfirmation } from '../../../components/DeleteConfirmation';
import { ReportButton } from '../../../components/report/ReportButton';
import { cx } from '../../../lib/classNames';
import { relativeTime } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { useCreateComment, useDeleteComment, useDeleteMoment, useToggleLike } from '../api/actions';
import { ageFrom, parseComments, parseLikes, type Moment, type MomentComment } from '../model';
import page from '../page.module.css';
import { MOMENT_TEXT } from '../texts';
import { CommentComposer } from './CommentComposer';
import { CommentList } from './CommentList';
import styles from './MomentCard.module.css';
import { MomentImages } from './MomentImages';
import { MomentPlace } from './MomentPlace';

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
    <span className={styles.profileTags}>
      {tags.map((tag) => (
        <Tag key={tag} variant="filled" className={styles.profileTag}>
          {tag}
        </Tag>
      ))}
    </span>
  );
}

export function MomentCard({ moment, me, onLoginRequired }: MomentCardProps) {
  const confirmDeletion = useDeleteConfirmation();
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
    confirmDeletion({
      title: MOMENT_TEXT.deleteTitle,
      content: MOMENT_TEXT.deleteContent,
      onConfirm: () => deleteMoment.mutateAsync(moment.momentId).catch(() => undefined),
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
      <Card className={cx(page.card, styles.card)} classNames={{ body: styles.body }}>
        <header className={styles.header}>
          <Avatar
            src={moment.avatar ? mediaUrl(moment.avatar) : undefined}
            alt={MOMENT_TEXT.avatarAlt(nickname)}
            className={styles.avatar}
          >
            {[...nickname][0]}
          </Avatar>
          <div className={styles.author}>
            <div className={styles.nameLine}>
              <Typography.Text strong className={styles.nickname}>
                {nickname}
              </Typography.Text>
              <Typography.Text type="secondary" className={styles.time}>
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
              className={styles.deleteButton}
            />
          )}
        </header>

        {moment.content && <Typography.Paragraph className={styles.content}>{moment.content}</Typography.Paragraph>}
        <MomentImages images={moment.images} />
        <MomentPlace moment={moment} />

        <div className={styles.actions}>
          <Button
            type="text"
            aria-pressed={moment.isLiked}
            aria-label={`${moment.isLiked ? MOMENT_TEXT.unlike : MOMENT_TEXT.like} ${moment.likeCount}`}
            icon={moment.isLiked ? <HeartFilled /> : <HeartOutlined />}
            loading={toggleLike.isPending}
            onClick={() =>
              signedIn ? toggleLike.mutate({ momentId: moment.momentId, liked: moment.isLiked }) : onLoginRequired()
            }
            className={moment.isLiked ? styles.liked : undefined}
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
          <ReportButton subject="moment" targetId={moment.momentId} mine={isMine} className={styles.report} />
        </div>

        {(likes.length > 0 || comments.length > 0 || composer.open) && (
          <div className={styles.activity}>
            {likes.length > 0 && (
              <div
                aria-label={MOMENT_TEXT.likersLabel}
                className={cx(styles.likers, comments.length > 0 && styles.aboveComments)}
              >
                <HeartFilled className={styles.likersIcon} aria-hidden />
                <Space size={0} wrap separator={<span>、</span>}>
                  {likes.map((liker) => (
                    <span key={liker.uuid || liker.nickname} className={styles.liker}>
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
