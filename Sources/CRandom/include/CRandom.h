// Umbrella header of the CRandom module: the generator, the fills and the game kernel.
#include "mc_philox.h"
#include "mc_distributions.h"
#include "mc_game_kernel.h"
