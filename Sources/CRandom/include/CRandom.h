// Umbrella header of the CRandom module: the generator, the fills, the game kernel and the
// normal interval masses of the exact distribution.
#include "mc_philox.h"
#include "mc_distributions.h"
#include "mc_game_kernel.h"
#include "mc_normal_cdf.h"
#include "mc_mvn_kernel.h"
#include "mc_parlay_kernel.h"
