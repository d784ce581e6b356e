/*
 * TA-Lib C timing harness for bench/indicators.ts: times TA-Lib 0.4's C functions (the static
 * libraries the `talib` npm package 1.1.6 builds) on the exact bars the JS benchmark uses, with no
 * JS binding and no array copying in the timed region.
 *
 *   bench <data.bin> <specs.txt> <repeats> [wall|cpu]
 *
 * data.bin:  int32 n, then n float64 each of open, high, low, close, volume (native endianness).
 * specs.txt: one line per case: `<id> <FUNC> <inputs> <options>` where inputs is a comma list of
 *            `paramName=series` (series 0..4 = open, high, low, close, volume; `-` for none) for the
 *            function's real inputs (price inputs always get all five series) and options is a comma
 *            list of `optInName=value` (`-` for none), the same names `talib.execute` takes.
 * Output:    one line per case `<id> <median_ns> <min_ns> <alloc_median_ns> <alloc_min_ns>` (or
 *            `<id> error <code>`); the alloc pair times the call with freshly calloc'ed outputs.
 *
 * Each function goes through TA-Lib's abstract interface (TA_CallFunc, as the npm binding does) with
 * output buffers allocated once up front — how a C caller uses TA-Lib. One untimed warm-up call, then
 * `repeats` timed calls over the whole series (startIdx 0, endIdx n-1), CLOCK_MONOTONIC (`wall`, the
 * default) or CLOCK_PROCESS_CPUTIME_ID (`cpu`: steadier when other processes share the cores).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ta_libc.h"

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Sorts `xs` in place and returns its median. */
static double median(double *xs, int count) {
  qsort(xs, (size_t)count, sizeof(double), cmp);
  return count % 2 ? xs[count / 2] : (xs[count / 2 - 1] + xs[count / 2]) / 2;
}

static clockid_t clock_id = CLOCK_MONOTONIC;

static double now_ns(void) {
  struct timespec t;
  clock_gettime(clock_id, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Value of `name` in a comma list `k=v,k=v` (or NULL). */
static const char *lookup(const char *list, const char *name) {
  size_t len = strlen(name);
  const char *p = list;
  while (p && *p) {
    if (strncmp(p, name, len) == 0 && p[len] == '=') return p + len + 1;
    p = strchr(p, ',');
    if (p) p++;
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 4 && argc != 5) { fprintf(stderr, "usage: %s data.bin specs.txt repeats [wall|cpu]\n", argv[0]); return 2; }
  if (argc == 5 && strcmp(argv[4], "cpu") == 0) clock_id = CLOCK_PROCESS_CPUTIME_ID;
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 1; }
  int n;
  if (fread(&n, sizeof n, 1, f) != 1 || n <= 0) { fprintf(stderr, "bad data header\n"); return 1; }
  double *series[5];
  for (int s = 0; s < 5; s++) {
    series[s] = malloc(sizeof(double) * (size_t)n);
    if (fread(series[s], sizeof(double), (size_t)n, f) != (size_t)n) { fprintf(stderr, "short data\n"); return 1; }
  }
  fclose(f);
  int repeats = atoi(argv[3]);
  if (repeats < 1) repeats = 1;
  double *samples = malloc(sizeof(double) * (size_t)repeats);
  void *outs[3];
  for (int o = 0; o < 3; o++) outs[o] = malloc(sizeof(double) * (size_t)n);

  if (TA_Initialize() != TA_SUCCESS) { fprintf(stderr, "TA_Initialize failed\n"); return 1; }
  FILE *sp = fopen(argv[2], "r");
  if (!sp) { perror(argv[2]); return 1; }
  char id[64], name[64], inputs[512], opts[512];
  while (fscanf(sp, "%63s %63s %511s %511s", id, name, inputs, opts) == 4) {
    const TA_FuncHandle *h;
    const TA_FuncInfo *fi;
    TA_ParamHolder *ph;
    TA_RetCode rc = TA_GetFuncHandle(name, &h);
    if (rc == TA_SUCCESS) rc = TA_GetFuncInfo(h, &fi);
    if (rc == TA_SUCCESS) rc = TA_ParamHolderAlloc(h, &ph);
    if (rc != TA_SUCCESS) { printf("%s error %d\n", id, rc); continue; }
    for (unsigned i = 0; i < fi->nbInput && rc == TA_SUCCESS; i++) {
      const TA_InputParameterInfo *info;
      TA_GetInputParameterInfo(h, i, &info);
      if (info->type == TA_Input_Price) {
        rc = TA_SetInputParamPricePtr(ph, i, series[0], series[1], series[2], series[3], series[4], series[4]);
      } else if (info->type == TA_Input_Real) {
        const char *v = lookup(inputs, info->paramName);
        rc = v ? TA_SetInputParamRealPtr(ph, i, series[atoi(v)]) : TA_BAD_PARAM;
      } else {
        rc = TA_BAD_PARAM;
      }
    }
    for (unsigned i = 0; i < fi->nbOptInput && rc == TA_SUCCESS; i++) {
      const TA_OptInputParameterInfo *info;
      TA_GetOptInputParameterInfo(h, i, &info);
      const char *v = lookup(opts, info->paramName);
      if (!v) continue; /* TA-Lib's default, as talib.execute */
      if (info->type == TA_OptInput_IntegerRange || info->type == TA_OptInput_IntegerList)
        rc = TA_SetOptInputParamInteger(ph, i, atoi(v));
      else
        rc = TA_SetOptInputParamReal(ph, i, atof(v));
    }
    for (unsigned i = 0; i < fi->nbOutput && rc == TA_SUCCESS; i++) {
      const TA_OutputParameterInfo *info;
      TA_GetOutputParameterInfo(h, i, &info);
      rc = info->type == TA_Output_Integer ? TA_SetOutputParamIntegerPtr(ph, i, (TA_Integer *)outs[i])
                                           : TA_SetOutputParamRealPtr(ph, i, (TA_Real *)outs[i]);
    }
    TA_Integer beg, nb;
    if (rc == TA_SUCCESS) rc = TA_CallFunc(ph, 0, n - 1, &beg, &nb); /* warm-up */
    if (rc != TA_SUCCESS) { printf("%s error %d\n", id, rc); TA_ParamHolderFree(ph); continue; }
    for (int r = 0; r < repeats; r++) {
      double t0 = now_ns();
      TA_CallFunc(ph, 0, n - 1, &beg, &nb);
      samples[r] = now_ns() - t0;
    }
    double med = median(samples, repeats);
    double min = samples[0];
    /* Second timing: fresh output buffers per call (calloc as node's array buffers, free), like a function that
     * returns a new array — context for the JS columns, which allocate their outputs. */
    for (int r = 0; r < repeats && rc == TA_SUCCESS; r++) {
      double t0 = now_ns();
      void *fresh[3] = {NULL, NULL, NULL};
      for (unsigned i = 0; i < fi->nbOutput; i++) {
        const TA_OutputParameterInfo *info;
        TA_GetOutputParameterInfo(h, i, &info);
        fresh[i] = calloc((size_t)n, sizeof(double)); /* zeroed, as new Float64Array(n) */
        if (info->type == TA_Output_Integer) TA_SetOutputParamIntegerPtr(ph, i, (TA_Integer *)fresh[i]);
        else TA_SetOutputParamRealPtr(ph, i, (TA_Real *)fresh[i]);
      }
      TA_CallFunc(ph, 0, n - 1, &beg, &nb);
      for (unsigned i = 0; i < fi->nbOutput; i++) {
        volatile double sink = ((double *)fresh[i])[n / 2];
        (void)sink;
        free(fresh[i]);
      }
      samples[r] = now_ns() - t0;
    }
    double alloc_med = median(samples, repeats);
    printf("%s %.0f %.0f %.0f %.0f\n", id, med, min, alloc_med, samples[0]);
    fflush(stdout);
    TA_ParamHolderFree(ph);
  }
  fclose(sp);
  TA_Shutdown();
  return 0;
}
