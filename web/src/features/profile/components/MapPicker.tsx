import { EnvironmentOutlined } from '@ant-design/icons';
import { Alert, App, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createMapView, MapUnavailable, type LngLat, type MapKey, type MapPlace, type MapView } from '../map/amap';
import { PROFILE_TEXT } from '../texts';
import styles from './MapPicker.module.css';

/** What the member chose: a point, and the words and region code the maps service gave for it. */
export interface MapChoice {
  point: LngLat;
  address: string;
  adcode: string;
}

interface MapPickerProps {
  open: boolean;
  mapKey: MapKey;
  onPick: (choice: MapChoice) => void;
  onClose: () => void;
}

type MapState = { kind: 'loading' } | { kind: 'ready'; view: MapView } | { kind: 'failed'; text: string };

const degrees = (value: number) => value.toFixed(6);

/** The map with its search box; mounted only while the dialog is open. `onChoose` must be stable. */
function MapPanel({
  mapKey,
  choice,
  onChoose,
}: {
  mapKey: MapKey;
  choice: MapChoice | null;
  onChoose: (choice: MapChoice) => void;
}) {
  const { message } = App.useApp();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>({ kind: 'loading' });
  const [results, setResults] = useState<MapPlace[] | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    let view: MapView | null = null;
    let gone = false;
    // Only the latest click's address is kept when answers arrive out of order.
    let clicks = 0;
    if (!container.current) return;
    createMapView(container.current, mapKey).then(
      (created) => {
        if (gone) return created.destroy();
        view = created;
        created.onClick((point) => {
          const click = ++clicks;
          created.mark(point);
          onChoose({ point, address: '', adcode: '' });
          created.reverseGeocode(point).then(
            ({ address, adcode }) => click === clicks && onChoose({ point, address, adcode }),
            (error: unknown) =>
              message.error(PROFILE_TEXT.geocodeFailed(error instanceof Error ? error.message : String(error))),
          );
        });
        setState({ kind: 'ready', view: created });
      },
      (error: unknown) => {
        if (gone) return;
        const stage = error instanceof MapUnavailable ? error.stage : 'init';
        setState({ kind: 'failed', text: stage === 'load' ? PROFILE_TEXT.mapLoadFailed : PROFILE_TEXT.mapInitFailed });
      },
    );
    return () => {
      gone = true;
      view?.destroy();
    };
  }, [mapKey, message, onChoose]);

  const search = async (keyword: string) => {
    if (state.kind !== 'ready' || keyword.trim() === '') return;
    setSearching(true);
    try {
      setResults(await state.view.search(keyword.trim()));
    } catch (error) {
      message.error(PROFILE_TEXT.geocodeFailed(error instanceof Error ? error.message : String(error)));
    } finally {
      setSearching(false);
    }
  };

  const pickPlace = (place: MapPlace) => {
    if (state.kind === 'ready') state.view.mark(place.location);
    onChoose({ point: place.location, address: place.name, adcode: place.adcode });
  };

  return (
    <div className={styles.panel}>
      <Input.Search
        placeholder={PROFILE_TEXT.mapSearchPlaceholder}
        enterButton={PROFILE_TEXT.mapSearch}
        onSearch={(keyword) => void search(keyword)}
        loading={searching}
        disabled={state.kind !== 'ready'}
        aria-label={PROFILE_TEXT.mapSearchPlaceholder}
      />
      {results !== null && (
        <ul className={styles.results} aria-label={PROFILE_TEXT.mapSearch}>
          {results.length === 0 && <li className={styles.noResults}>{PROFILE_TEXT.mapNoResults}</li>}
          {results.map((place) => (
            <li key={`${place.name}-${place.location.lng}-${place.location.lat}`}>
              <button type="button" className={styles.result} onClick={() => pickPlace(place)}>
                <span className={styles.resultName}>{place.name}</span>
                {place.address && <span className={styles.resultAddress}>{place.address}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.mapFrame}>
        <div ref={container} className={styles.map} />
        {state.kind === 'loading' && <Spin className={styles.spin} />}
        {state.kind === 'failed' && <Alert type="error" showIcon title={state.text} className={styles.failed} />}
      </div>
      <Typography.Text type="secondary" className={styles.choice}>
        <EnvironmentOutlined aria-hidden />{' '}
        {choice
          ? `${PROFILE_TEXT.mapChosen}：${choice.address || '—'}（${degrees(choice.point.lng)}, ${degrees(choice.point.lat)}）`
          : PROFILE_TEXT.mapHint}
      </Typography.Text>
    </div>
  );
}

/** Spec 1 section 2's city picker: place search and a map click that sets the coordinates. */
export function MapPicker({ open, mapKey, onPick, onClose }: MapPickerProps) {
  const [choice, setChoice] = useState<MapChoice | null>(null);
  return (
    <Modal
      open={open}
      title={PROFILE_TEXT.mapTitle}
      okText={PROFILE_TEXT.mapConfirm}
      cancelText={PROFILE_TEXT.cancel}
      okButtonProps={{ disabled: choice === null }}
      onOk={() => choice && onPick(choice)}
      onCancel={onClose}
      afterClose={() => setChoice(null)}
      width={760}
      destroyOnHidden
    >
      {open && <MapPanel mapKey={mapKey} choice={choice} onChoose={setChoice} />}
    </Modal>
  );
}
