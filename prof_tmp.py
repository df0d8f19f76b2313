import sys; sys.path.insert(0,'tests')
import cProfile, pstats
from conformance import play_checked
cProfile.run("play_checked('bartok', 'conformance-random-4', 'random', full_every=0, seats=6)", '/tmp/prof')
pstats.Stats('/tmp/prof').sort_stats('cumtime').print_stats(25)
