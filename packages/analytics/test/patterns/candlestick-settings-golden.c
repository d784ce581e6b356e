/*
 * Generator of candlestick-settings.gen.json: TA-Lib 0.4 C (the static libraries built by the `talib`
 * npm package 1.1.6) run with NON-default candle settings on one real ticker. TA-Lib's npm binding
 * cannot change candle settings, so this is the oracle for our named setting parameters.
 *
 * Build and run from the repository root (needs a C compiler; not part of CI):
 *   L=node_modules/talib/src/lib
 *   gcc -O2 -o /tmp/cdl-golden packages/analytics/test/patterns/candlestick-settings-golden.c -I$L/include \
 *     $L/lib/libta_abstract_csr.a $L/lib/libta_func_csr.a $L/lib/libta_common_csr.a -lm
 *   /tmp/cdl-golden ../shared/data/Pooksoft__PooksoftSP500EquityPriceDataSet/daily_adjusted/DA-AAPL-T-2021-04-21.csv \
 *     > packages/analytics/test/patterns/candlestick-settings.gen.json
 *
 * Output: {"settings": …, "bars": n, "patterns": {"cdl…": {"begIndex": b, "signals": [[bar, value], …]}}}
 * where only non-zero outputs are listed (every other bar from begIndex on is 0).
 * The settings below must match SETTINGS in candlestick-settings.test.ts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ta_libc.h"

static void emit(const char *code, TA_RetCode rc, int beg, int nb, const int *out, int comma) {
  if (rc != TA_SUCCESS) { fprintf(stderr, "%s failed: %d\n", code, rc); exit(1); }
  printf("%s\n    \"%s\": {\"begIndex\": %d, \"signals\": [", comma ? "," : "", code, beg);
  int first = 1;
  for (int i = 0; i < nb; i++) {
    if (out[i] != 0) { printf("%s[%d, %d]", first ? "" : ", ", beg + i, out[i]); first = 0; }
  }
  printf("]}");
}
#define EMIT(code, call, comma) do { TA_RetCode rc = (call); emit(code, rc, beg, nb, out, comma); } while (0)

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s ticker.csv\n", argv[0]); return 2; }
  FILE *f = fopen(argv[1], "r");
  if (!f) { perror(argv[1]); return 2; }
  int cap = 1 << 14, n = 0;
  double *o = malloc(8 * cap), *h = malloc(8 * cap), *l = malloc(8 * cap), *c = malloc(8 * cap);
  char line[512];
  if (!fgets(line, sizeof line, f)) return 2; /* header: timestamp,open,high,low,close,... */
  while (fgets(line, sizeof line, f) && n < cap) {
    char *p = strchr(line, ',');
    if (!p || sscanf(p + 1, "%lf,%lf,%lf,%lf", &o[n], &h[n], &l[n], &c[n]) != 4) continue;
    n++;
  }
  fclose(f);
  int *out = malloc(4 * n), beg, nb;
  TA_Initialize();
  TA_SetCandleSettings(TA_BodyLong, TA_RangeType_RealBody, 5, 1.5);
  TA_SetCandleSettings(TA_BodyShort, TA_RangeType_HighLow, 7, 0.4);
  TA_SetCandleSettings(TA_BodyDoji, TA_RangeType_RealBody, 3, 0.3);
  TA_SetCandleSettings(TA_ShadowLong, TA_RangeType_Shadows, 4, 0.8);
  TA_SetCandleSettings(TA_ShadowVeryLong, TA_RangeType_HighLow, 0, 0.5);
  TA_SetCandleSettings(TA_ShadowShort, TA_RangeType_RealBody, 6, 0.7);
  TA_SetCandleSettings(TA_ShadowVeryShort, TA_RangeType_Shadows, 8, 0.2);
  TA_SetCandleSettings(TA_Near, TA_RangeType_RealBody, 2, 0.5);
  TA_SetCandleSettings(TA_Far, TA_RangeType_Shadows, 3, 1.2);
  TA_SetCandleSettings(TA_Equal, TA_RangeType_HighLow, 0, 0.08);
  printf("{\n  \"source\": \"TA-Lib 0.4 C via candlestick-settings-golden.c on %s\",\n", strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1]);
  printf("  \"bars\": %d,\n  \"patterns\": {", n);
  EMIT("cdl2crows", TA_CDL2CROWS(0, n - 1, o, h, l, c, &beg, &nb, out), 0);
  EMIT("cdl3blackcrows", TA_CDL3BLACKCROWS(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdl3inside", TA_CDL3INSIDE(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdl3linestrike", TA_CDL3LINESTRIKE(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdl3outside", TA_CDL3OUTSIDE(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdl3starsinsouth", TA_CDL3STARSINSOUTH(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdl3whitesoldiers", TA_CDL3WHITESOLDIERS(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlabandonedbaby", TA_CDLABANDONEDBABY(0, n - 1, o, h, l, c, 0.3, &beg, &nb, out), 1);
  EMIT("cdladvanceblock", TA_CDLADVANCEBLOCK(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlbelthold", TA_CDLBELTHOLD(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlbreakaway", TA_CDLBREAKAWAY(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlclosingmarubozu", TA_CDLCLOSINGMARUBOZU(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlconcealbabyswall", TA_CDLCONCEALBABYSWALL(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlcounterattack", TA_CDLCOUNTERATTACK(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdldarkcloudcover", TA_CDLDARKCLOUDCOVER(0, n - 1, o, h, l, c, 0.5, &beg, &nb, out), 1);
  EMIT("cdldoji", TA_CDLDOJI(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdldojistar", TA_CDLDOJISTAR(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdldragonflydoji", TA_CDLDRAGONFLYDOJI(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlengulfing", TA_CDLENGULFING(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdleveningdojistar", TA_CDLEVENINGDOJISTAR(0, n - 1, o, h, l, c, 0.3, &beg, &nb, out), 1);
  EMIT("cdleveningstar", TA_CDLEVENINGSTAR(0, n - 1, o, h, l, c, 0.3, &beg, &nb, out), 1);
  EMIT("cdlgapsidesidewhite", TA_CDLGAPSIDESIDEWHITE(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlgravestonedoji", TA_CDLGRAVESTONEDOJI(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlhammer", TA_CDLHAMMER(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlhangingman", TA_CDLHANGINGMAN(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlharami", TA_CDLHARAMI(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlharamicross", TA_CDLHARAMICROSS(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlhighwave", TA_CDLHIGHWAVE(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlhikkake", TA_CDLHIKKAKE(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlhikkakemod", TA_CDLHIKKAKEMOD(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlhomingpigeon", TA_CDLHOMINGPIGEON(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlidentical3crows", TA_CDLIDENTICAL3CROWS(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlinneck", TA_CDLINNECK(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlinvertedhammer", TA_CDLINVERTEDHAMMER(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlkicking", TA_CDLKICKING(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlkickingbylength", TA_CDLKICKINGBYLENGTH(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlladderbottom", TA_CDLLADDERBOTTOM(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdllongleggeddoji", TA_CDLLONGLEGGEDDOJI(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdllongline", TA_CDLLONGLINE(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlmarubozu", TA_CDLMARUBOZU(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlmatchinglow", TA_CDLMATCHINGLOW(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlmathold", TA_CDLMATHOLD(0, n - 1, o, h, l, c, 0.5, &beg, &nb, out), 1);
  EMIT("cdlmorningdojistar", TA_CDLMORNINGDOJISTAR(0, n - 1, o, h, l, c, 0.3, &beg, &nb, out), 1);
  EMIT("cdlmorningstar", TA_CDLMORNINGSTAR(0, n - 1, o, h, l, c, 0.3, &beg, &nb, out), 1);
  EMIT("cdlonneck", TA_CDLONNECK(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlpiercing", TA_CDLPIERCING(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlrickshawman", TA_CDLRICKSHAWMAN(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlrisefall3methods", TA_CDLRISEFALL3METHODS(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlseparatinglines", TA_CDLSEPARATINGLINES(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlshootingstar", TA_CDLSHOOTINGSTAR(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlshortline", TA_CDLSHORTLINE(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlspinningtop", TA_CDLSPINNINGTOP(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlstalledpattern", TA_CDLSTALLEDPATTERN(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlsticksandwich", TA_CDLSTICKSANDWICH(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdltakuri", TA_CDLTAKURI(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdltasukigap", TA_CDLTASUKIGAP(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlthrusting", TA_CDLTHRUSTING(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdltristar", TA_CDLTRISTAR(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlunique3river", TA_CDLUNIQUE3RIVER(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlupsidegap2crows", TA_CDLUPSIDEGAP2CROWS(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  EMIT("cdlxsidegap3methods", TA_CDLXSIDEGAP3METHODS(0, n - 1, o, h, l, c, &beg, &nb, out), 1);
  printf("\n  }\n}\n");
  TA_Shutdown();
  return 0;
}
