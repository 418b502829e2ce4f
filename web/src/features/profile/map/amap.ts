// The one door to the AMap JS API 2.0 (the city picker of spec 1 section 2): it loads the script
// once, lazily, and hands the rest of the app plain promises and types. Nothing else touches
// window.AMap.

/** Spec 1 section 9: the map opens on Beijing at zoom 12. */
export const DEFAULT_CENTER: readonly [number, number] = [116.397428, 39.90923];
export const DEFAULT_ZOOM = 12;

const SCRIPT_URL = 'https://webapi.amap.com/maps';
const PLUGINS = 'AMap.PlaceSearch,AMap.Geocoder';
const SEARCH_PAGE_SIZE = 10;

export interface MapKey {
  amapKey: string;
  amapSecurityCode: string;
}

/** A point in degrees. */
export interface LngLat {
  lng: number;
  lat: number;
}

/** A search result (spec 1 section 3, "Map selection"): name, location, type and address. */
export interface MapPlace {
  name: string;
  address: string;
  type: string;
  location: LngLat;
  /** The district's region code, when AMap gives one. */
  adcode: string;
}

export interface ReverseGeocode {
  address: string;
  adcode: string;
}

/** A map on the page, with the searches the picker needs. */
export interface MapView {
  /** Calls `listener` with the point clicked. */
  onClick(listener: (point: LngLat) => void): void;
  /** Moves the single marker (and the centre) to `point`. */
  mark(point: LngLat): void;
  search(keyword: string): Promise<MapPlace[]>;
  /** The address at `point`; rejects with AMap's reason. */
  reverseGeocode(point: LngLat): Promise<ReverseGeocode>;
  destroy(): void;
}

/** Thrown when the script cannot be loaded or the map cannot be created. */
export class MapUnavailable extends Error {
  readonly stage: 'load' | 'init';
  constructor(stage: 'load' | 'init', cause?: unknown) {
    super(stage === 'load' ? 'AMap script failed to load' : 'AMap map failed to initialise', { cause });
    this.stage = stage;
  }
}

// What this module uses of AMap's namespace (there is no maintained type package for 2.0).
interface AMapLngLat {
  getLng(): number;
  getLat(): number;
}
interface AMapMap {
  on(event: 'click', handler: (event: { lnglat: AMapLngLat }) => void): void;
  setCenter(center: [number, number]): void;
  add(overlay: AMapMarker): void;
  destroy(): void;
}
interface AMapMarker {
  setPosition(position: [number, number]): void;
}
interface AMapPoi {
  name?: string;
  address?: string | unknown[];
  type?: string;
  location?: AMapLngLat | null;
  adcode?: string;
}
interface AMapPlaceSearch {
  search(
    keyword: string,
    callback: (status: string, result: { info?: string; poiList?: { pois?: AMapPoi[] } } | string) => void,
  ): void;
}
interface AMapGeocoder {
  getAddress(
    location: [number, number],
    callback: (
      status: string,
      result:
        { info?: string; regeocode?: { formattedAddress?: string; addressComponent?: { adcode?: string } } } | string,
    ) => void,
  ): void;
}
interface AMapNamespace {
  Map: new (container: HTMLElement, options: { center: [number, number]; zoom: number }) => AMapMap;
  Marker: new (options: { position: [number, number] }) => AMapMarker;
  PlaceSearch: new (options: { pageSize: number; pageIndex: number }) => AMapPlaceSearch;
  Geocoder: new (options: { radius: number }) => AMapGeocoder;
}

interface AMapWindow {
  AMap?: AMapNamespace;
  _AMapSecurityConfig?: { securityJsCode: string };
}

const amapWindow = () => window as unknown as AMapWindow;

let loading: Promise<AMapNamespace> | undefined;

/** Loads the script once (with the security code set first, as AMap requires); a failure is retried next time. */
function loadAMap({ amapKey, amapSecurityCode }: MapKey): Promise<AMapNamespace> {
  const loaded = amapWindow().AMap;
  if (loaded) return Promise.resolve(loaded);
  loading ??= new Promise<AMapNamespace>((resolve, reject) => {
    amapWindow()._AMapSecurityConfig = { securityJsCode: amapSecurityCode };
    const script = document.createElement('script');
    script.src = `${SCRIPT_URL}?v=2.0&key=${encodeURIComponent(amapKey)}&plugin=${PLUGINS}`;
    script.async = true;
    script.onload = () => {
      const amap = amapWindow().AMap;
      if (amap) resolve(amap);
      else reject(new MapUnavailable('load'));
    };
    script.onerror = () => {
      script.remove();
      reject(new MapUnavailable('load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const pair = ({ lng, lat }: LngLat): [number, number] => [lng, lat];
const point = (lngLat: AMapLngLat): LngLat => ({ lng: lngLat.getLng(), lat: lngLat.getLat() });
const reason = (result: unknown): string =>
  typeof result === 'string' ? result : ((result as { info?: string } | undefined)?.info ?? 'UNKNOWN');

function toPlace(poi: AMapPoi): MapPlace | null {
  if (!poi.location) return null;
  return {
    name: poi.name ?? '',
    address: typeof poi.address === 'string' ? poi.address : '',
    type: poi.type ?? '',
    location: point(poi.location),
    adcode: poi.adcode ?? '',
  };
}

/** Creates a map in `container`, centred on Beijing at zoom 12. */
export async function createMapView(container: HTMLElement, key: MapKey): Promise<MapView> {
  const amap = await loadAMap(key);
  let map: AMapMap;
  let placeSearch: AMapPlaceSearch;
  let geocoder: AMapGeocoder;
  try {
    map = new amap.Map(container, { center: [DEFAULT_CENTER[0], DEFAULT_CENTER[1]], zoom: DEFAULT_ZOOM });
    placeSearch = new amap.PlaceSearch({ pageSize: SEARCH_PAGE_SIZE, pageIndex: 1 });
    geocoder = new amap.Geocoder({ radius: 1000 });
  } catch (error) {
    throw new MapUnavailable('init', error);
  }
  let marker: AMapMarker | null = null;

  return {
    onClick: (listener) => map.on('click', (event) => listener(point(event.lnglat))),
    mark(at) {
      if (marker) marker.setPosition(pair(at));
      else {
        marker = new amap.Marker({ position: pair(at) });
        map.add(marker);
      }
      map.setCenter(pair(at));
    },
    search: (keyword) =>
      new Promise((resolve, reject) =>
        placeSearch.search(keyword, (status, result) => {
          if (status === 'no_data') return resolve([]);
          if (status !== 'complete' || typeof result === 'string') return reject(new Error(reason(result)));
          resolve((result.poiList?.pois ?? []).flatMap((poi) => toPlace(poi) ?? []));
        }),
      ),
    reverseGeocode: (at) =>
      new Promise((resolve, reject) =>
        geocoder.getAddress(pair(at), (status, result) => {
          if (status !== 'complete' || typeof result === 'string' || !result.regeocode) {
            return reject(new Error(reason(result)));
          }
          resolve({
            address: result.regeocode.formattedAddress ?? '',
            adcode: result.regeocode.addressComponent?.adcode ?? '',
          });
        }),
      ),
    destroy: () => map.destroy(),
  };
}
