import {
  EnvironmentOutlined,
  EyeOutlined,
  HeartFilled,
  HeartOutlined,
  LockOutlined,
  ManOutlined,
  MessageOutlined,
  SafetyCertificateFilled,
  StopOutlined,
  UndoOutlined,
  WomanOutlined,
} from '@ant-design/icons';
import { App, Button } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import type { PersonCard as Person } from '../../../api/generated/types.gen';
import { errorText } from '../../../lib/apiError';
import { mediaUrl } from '../../../lib/media';
import { chatPath, profilePath, UNLOCK_CONFIRMED } from '../../../lib/profileVisit';
import { hobbyName } from '../../profile/catalogue';
import { useAddToBlacklist, useLikeMember, useRemoveFromBlacklist, useUnlikeMember } from '../api/actions';
import { displayName, hasChildren } from '../model';
import { PEOPLE_TEXT } from '../texts';
import styles from './PersonCard.module.css';

/**
 * The buttons a list offers, in this order. `like` follows the person's isLiked (喜欢, or 取消喜欢
 * for someone already liked); `unlike` is always 取消喜欢 (the lists of people one likes).
 */
export type PersonAction = 'view' | 'chat' | 'like' | 'unlike' | 'blacklist' | 'unblock';

/** The hobbies a card has room for. */
const HOBBIES_SHOWN = 3;

interface PersonCardProps {
  person: Person;
  actions: readonly PersonAction[];
  /** What the list adds about the person: the visits, the fit. */
  extra?: ReactNode;
}

/** A plain left click navigates inside the app; any other click keeps the link's own behaviour (new tab). */
function useAppLink(to: string) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return { href, onClick };
}

/** Spec 2 sections 2.5-2.9 and 3: one card for every people list. */
export function PersonCard({ person, actions, extra }: PersonCardProps) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const profileLink = useAppLink(profilePath(person.uuid));
  const chatLink = useAppLink(chatPath(person.uuid));
  const like = useLikeMember();
  const unlike = useUnlikeMember();
  const block = useAddToBlacklist();
  const unblock = useRemoveFromBlacklist();

  const name = displayName(person);
  const locked = person.locked === 1;
  const photo = person.photo || person.avatar;
  const place = person.location || person.city;
  const hobbies = person.hobbies.flatMap((code) => hobbyName(code) ?? []).slice(0, HOBBIES_SHOWN);
  const facts = [
    person.height > 0 ? PEOPLE_TEXT.heightCm(person.height) : '',
    person.occupation,
    person.education,
  ].filter(Boolean);

  // mutateAsync, not mutate's callbacks: a card that leaves the list (blacklisted) unmounts before
  // its mutation settles, and its message must still show.
  const run = async (
    mutation: { mutateAsync: (uuid: string) => Promise<unknown> },
    success: string,
    fallback: string,
  ): Promise<void> => {
    try {
      await mutation.mutateAsync(person.uuid);
      message.success(success);
    } catch (error) {
      message.error(errorText(error, fallback));
    }
  };

  // Spec 2 sections 2.6 and 4: a blurred person costs 10 points to view. The member agrees here, and
  // the profile page, told so, unlocks without asking again.
  const confirmView = () =>
    modal.confirm({
      title: PEOPLE_TEXT.unlockTitle,
      content: PEOPLE_TEXT.unlockConfirm,
      okText: PEOPLE_TEXT.confirm,
      cancelText: PEOPLE_TEXT.cancel,
      centered: true,
      onOk: () => void navigate(profilePath(person.uuid), { state: UNLOCK_CONFIRMED }),
    });

  const confirmBlacklist = () =>
    modal.confirm({
      title: PEOPLE_TEXT.blacklistTitle(name),
      content: PEOPLE_TEXT.blacklistConfirm,
      okText: PEOPLE_TEXT.confirm,
      okButtonProps: { danger: true },
      cancelText: PEOPLE_TEXT.cancel,
      centered: true,
      onOk: () => run(block, PEOPLE_TEXT.blacklisted, PEOPLE_TEXT.blacklistFailed),
    });

  const unlikeButton = (
    <Button
      key="unlike"
      icon={<HeartFilled aria-hidden />}
      className={styles.liked}
      loading={unlike.isPending}
      onClick={() => void run(unlike, PEOPLE_TEXT.unliked, PEOPLE_TEXT.operationFailed)}
    >
      {PEOPLE_TEXT.unlike}
    </Button>
  );

  const buttons: Record<PersonAction, () => ReactNode> = {
    view: () =>
      locked ? (
        <Button key="view" type="primary" icon={<EyeOutlined aria-hidden />} onClick={confirmView}>
          {PEOPLE_TEXT.view}
        </Button>
      ) : (
        <Button key="view" type="primary" icon={<EyeOutlined aria-hidden />} {...profileLink}>
          {PEOPLE_TEXT.view}
        </Button>
      ),
    chat: () => (
      <Button key="chat" icon={<MessageOutlined aria-hidden />} {...chatLink}>
        {PEOPLE_TEXT.chat}
      </Button>
    ),
    like: () =>
      person.isLiked === 1 ? (
        unlikeButton
      ) : (
        <Button
          key="like"
          icon={<HeartOutlined aria-hidden />}
          loading={like.isPending}
          onClick={() => void run(like, PEOPLE_TEXT.liked, PEOPLE_TEXT.operationFailed)}
        >
          {PEOPLE_TEXT.like}
        </Button>
      ),
    unlike: () => unlikeButton,
    blacklist: () => (
      <Button key="blacklist" icon={<StopOutlined aria-hidden />} loading={block.isPending} onClick={confirmBlacklist}>
        {PEOPLE_TEXT.blacklist}
      </Button>
    ),
    unblock: () => (
      <Button
        key="unblock"
        icon={<UndoOutlined aria-hidden />}
        loading={unblock.isPending}
        onClick={() => void run(unblock, PEOPLE_TEXT.unblocked, PEOPLE_TEXT.unblockFailed)}
      >
        {PEOPLE_TEXT.unblock}
      </Button>
    ),
  };

  return (
    <article className={styles.card} aria-label={name}>
      <div className={styles.photoFrame}>
        {photo ? (
          <img src={mediaUrl(photo)} alt={PEOPLE_TEXT.photoAlt(name)} loading="lazy" className={styles.photo} />
        ) : (
          <div className={styles.initial} aria-hidden>
            {[...name][0]}
          </div>
        )}
        {locked && (
          <span className={styles.lockBadge}>
            <LockOutlined aria-hidden /> {PEOPLE_TEXT.lockedPhoto}
          </span>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.nameLine}>
          <h3 className={styles.name}>{name}</h3>
          {person.sex === 'male' && <ManOutlined className={styles.male} role="img" aria-label={PEOPLE_TEXT.male} />}
          {person.sex === 'female' && (
            <WomanOutlined className={styles.female} role="img" aria-label={PEOPLE_TEXT.female} />
          )}
          {person.age > 0 && <span className={styles.age}>{PEOPLE_TEXT.age(person.age)}</span>}
          {person.isVerified === 1 && (
            <span className={styles.verified}>
              <SafetyCertificateFilled aria-hidden /> {PEOPLE_TEXT.verifiedBadge}
            </span>
          )}
        </div>
        {place && (
          <div className={styles.place}>
            <EnvironmentOutlined aria-hidden className={styles.placeIcon} />
            <span className={styles.placeName}>{place}</span>
          </div>
        )}
        {(facts.length > 0 || hasChildren(person)) && (
          <ul className={styles.facts}>
            {facts.map((fact) => (
              <li key={fact} className={styles.fact}>
                {fact}
              </li>
            ))}
            {hasChildren(person) && <li className={styles.childrenTag}>{PEOPLE_TEXT.hasChildren}</li>}
          </ul>
        )}
        {person.introduction && <p className={styles.introduction}>{person.introduction}</p>}
        {hobbies.length > 0 && (
          <ul className={styles.hobbies}>
            {hobbies.map((hobby) => (
              <li key={hobby} className={styles.hobby}>
                {hobby}
              </li>
            ))}
          </ul>
        )}
        {extra && <div className={styles.extra}>{extra}</div>}
      </div>
      <div className={styles.actions} role="group" aria-label={PEOPLE_TEXT.actionsOf(name)}>
        {actions.map((action) => buttons[action]())}
      </div>
    </article>
  );
}
