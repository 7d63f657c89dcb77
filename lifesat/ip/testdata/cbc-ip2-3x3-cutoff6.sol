Integer infeasible - objective value 6.00000000
      0 x_0_0                         0                      -0
      1 x_1_0                         1                      -0
      2 x_2_0                         1                      -0
      3 x_0_1                         1                      -0
      4 x_1_1                         0                      -2
      5 x_2_1                         1                      -0
      6 x_0_2                         1                      -0
      7 x_1_2                         1                      -0
      8 x_2_2                         0                      -0
