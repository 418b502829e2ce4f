import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMapView, DEFAULT_CENTER, DEFAULT_ZOOM, MapUnavailable } from './amap';

const KEY = { amapKey: 'web-key', amapSecurityCode: 'security-code' };

interface TestWindow {
  AMap?: unknown;
  _AMapSecurityConfig?: { securityJsCode: string };
}
const testWindow = () => window as unknown as TestWindow;

const lngLat = (lng: number, lat: number) => ({ getLng: () => lng, getLat: () => lat });

/** A stand-in for what the AMap script puts on window. */
function fakeAMap() {
  const made: { center?: unknown; zoom?: unknown; click?: (event: unknown) => void } = {};
  const namespace = {
    Map: vi.fn(function Map(_container: HTMLElement, options: { center: unknown; zoom: unknown }) {
      made.center = options.center;
      made.zoom = options.zoom;
      return {
        on: (_event: string, handler: (event: unknown) => void) => (made.click = handler),
        setCenter: vi.fn(),
        add: vi.fn(),
        destroy: vi.fn(),
      };
    }),
    Marker: vi.fn(function Marker() {
      return { setPosition: vi.fn() };
    }),
    PlaceSearch: vi.fn(function PlaceSearch() {
      return {
        search: (keyword: string, callback: (status: string, result: unknown) => void) =>
          keyword === '没有'
            ? callback('no_data', { info: 'OK' })
            : callback('complete', {
                info: 'OK',
                poiList: {
                  pois: [
                    {
                      name: '望京SOHO',
                      address: '阜通东大街6号',
                      type: '商务住宅',
                      location: lngLat(116.48, 39.99),
                      adcode: '110105',
                    },
                    { name: '无坐标', address: [], location: null },
                  ],
                },
              }),
      };
    }),
    Geocoder: vi.fn(function Geocoder() {
      return {
        getAddress: (at: [number, number], callback: (status: string, result: unknown) => void) =>
          at[0] > 0
            ? callback('complete', {
                info: 'OK',
                regeocode: { formattedAddress: '北京市朝阳区望京街道', addressComponent: { adcode: '110105' } },
              })
            : callback('error', 'INVALID_USER_SCODE'),
      };
    }),
  };
  return { namespace, made };
}

const amapScripts = () =>
  Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[src*="webapi.amap.com"]'));

afterEach(() => {
  amapScripts().forEach((script) => script.remove());
  delete testWindow().AMap;
  delete testWindow()._AMapSecurityConfig;
});

describe('the AMap module', () => {
  it('loads the script with the key and plugins after setting the security code, and retries after a failure', async () => {
    const failed = createMapView(document.createElement('div'), KEY);
    const [script] = amapScripts();
    expect(script.src).toBe('https://webapi.amap.com/maps?v=2.0&key=web-key&plugin=AMap.PlaceSearch,AMap.Geocoder');
    expect(testWindow()._AMapSecurityConfig).toEqual({ securityJsCode: 'security-code' });
    script.onerror?.(new Event('error'));
    await expect(failed).rejects.toBeInstanceOf(MapUnavailable);
    await expect(failed).rejects.toMatchObject({ stage: 'load' });

    const { namespace, made } = fakeAMap();
    const view = createMapView(document.createElement('div'), KEY);
    const [retry] = amapScripts();
    expect(retry).toBeDefined();
    testWindow().AMap = namespace;
    retry.onload?.(new Event('load'));
    await view;
    expect(made.center).toEqual([...DEFAULT_CENTER]);
    expect(made.zoom).toBe(DEFAULT_ZOOM);
    expect(DEFAULT_CENTER).toEqual([116.397428, 39.90923]);
    expect(DEFAULT_ZOOM).toBe(12);
  });

  it('answers searches, clicks and addresses in plain types', async () => {
    const { namespace, made } = fakeAMap();
    testWindow().AMap = namespace;
    const view = await createMapView(document.createElement('div'), KEY);
    expect(amapScripts()).toHaveLength(0);

    await expect(view.search('望京')).resolves.toEqual([
      {
        name: '望京SOHO',
        address: '阜通东大街6号',
        type: '商务住宅',
        location: { lng: 116.48, lat: 39.99 },
        adcode: '110105',
      },
    ]);
    await expect(view.search('没有')).resolves.toEqual([]);

    const clicked = vi.fn();
    view.onClick(clicked);
    made.click?.({ lnglat: lngLat(116.4, 39.9) });
    expect(clicked).toHaveBeenCalledWith({ lng: 116.4, lat: 39.9 });

    await expect(view.reverseGeocode({ lng: 116.4, lat: 39.9 })).resolves.toEqual({
      address: '北京市朝阳区望京街道',
      adcode: '110105',
    });
    await expect(view.reverseGeocode({ lng: -1, lat: 0 })).rejects.toThrow('INVALID_USER_SCODE');
  });

  it('reports a map that cannot be created as an initialisation failure', async () => {
    const { namespace } = fakeAMap();
    namespace.Map.mockImplementation(() => {
      throw new Error('no WebGL');
    });
    testWindow().AMap = namespace;
    await expect(createMapView(document.createElement('div'), KEY)).rejects.toMatchObject({ stage: 'init' });
  });
});
