print("mcsim benchmarks: build with -c release")
