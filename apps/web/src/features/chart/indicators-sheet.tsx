/**
 * The indicators sheet: a switch per indicator and a stepper per setting. Each change applies at
 * once (the chart redraws behind the sheet) and is kept for the user (indicator-prefs.ts).
 */
import { useTranslation } from 'react-i18next';
import { Popup, Stepper, Switch } from 'antd-mobile';
import {
  INDICATOR_NAMES,
  SETTING_LIMITS,
  clampSetting,
  normalizeIndicators,
  type IndicatorName,
  type IndicatorSettings,
} from './indicators.ts';

export function IndicatorsSheet({
  visible,
  settings,
  onChange,
  onClose,
}: {
  visible: boolean;
  settings: IndicatorSettings;
  onChange(settings: IndicatorSettings): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const change = (name: IndicatorName, key: string, value: number | boolean) =>
    onChange(normalizeIndicators({ ...settings, [name]: { ...settings[name], [key]: value } }));

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="sheet">
      <div data-testid="indicators-sheet">
        <header className="sheet__head">
          <h2 className="sheet__title">{t('chartTools.indicators')}</h2>
          <button type="button" className="sheet-button indicators__done" onClick={onClose}>
            {t('chartTools.done')}
          </button>
        </header>
        <ul className="indicators">
          {INDICATOR_NAMES.map((name) => {
            const indicator = settings[name] as Record<string, number | boolean>;
            return (
              <li key={name} className="indicators__item" data-testid={`indicator-${name}`}>
                <div className="indicators__head">
                  <div>
                    <div className="indicators__name">{t(`chartTools.name_${name}`)}</div>
                    <div className="indicators__note">{t(`chartTools.note_${name}`)}</div>
                  </div>
                  <Switch
                    checked={indicator.on === true}
                    onChange={(on) => change(name, 'on', on)}
                    aria-label={t(`chartTools.name_${name}`)}
                    data-testid={`toggle-${name}`}
                  />
                </div>
                {indicator.on === true && (
                  <div className="indicators__settings">
                    {Object.entries(indicator)
                      .filter(([key]) => key !== 'on')
                      .map(([key, value]) => {
                        const limits = SETTING_LIMITS[key]!;
                        return (
                          <label key={key} className="indicators__setting">
                            <span>{t(`chartTools.setting_${key}`)}</span>
                            <Stepper
                              className="num"
                              value={Number(value)}
                              min={limits.min}
                              max={limits.max}
                              step={limits.step}
                              digits={limits.step < 1 ? 1 : 0}
                              onChange={(next) => change(name, key, clampSetting(key, Number(next)))}
                              data-testid={`setting-${name}-${key}`}
                            />
                          </label>
                        );
                      })}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </Popup>
  );
}
